/**
 * The base class of every TypeScript resource class: a dynamic resource (type
 * `pulumi-nodejs:dynamic/<module>:<Type>`, served by Pulumi's dynamic provider host), as
 * `@pulumi/pulumi/dynamic`'s `Resource` makes one, with two differences that cut what each
 * resource costs a deployment (issue 39; `npm run bench -- --only=versus`):
 *
 * - `__provider` is the short text of `shim.ts` (about 300 bytes instead of the closure
 *   serializer's 930), which the engine stores twice per resource and rewrites at every
 *   checkpoint.
 * - The stack trace the SDK takes of every registration (`Resource.callsites()`: the whole
 *   stack, each frame mapped through source maps, then stored in state as `stackTrace`) is
 *   taken of the frames that say where the resource was declared: this package's frames are
 *   left out, so `sourcePosition` is the program's line, and at most {@link PROGRAM_FRAMES}
 *   of the program's frames are kept; and the one the SDK takes of each of its promises is
 *   not formatted unless it can be read ({@link wrapStackFormatting}). Formatting those stacks
 *   was most of the program's time per resource.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { PROVIDER_KEY } from "./shared";
import { providerText } from "../shim";
import { inTurn } from "./registration-turns";
import type { ResourceKind } from "./tokens";

/** Frames of the SDK's own constructors the SDK skips (`Resource.stackTrace(4)` drops 5). */
const SDK_FRAMES = 5;

/** The program's frames kept: where the resource was declared and the calls that led there. */
export const PROGRAM_FRAMES = 3;

/**
 * This package's code: its frames (the resource classes, this base) are no program's. The
 * build's `dist/` (this file is `dist/provider/lifecycle/…`), or `provider/` from sources.
 */
const PACKAGE_DIR = path.resolve(__dirname, "..", ...(__filename.endsWith(".ts") ? [] : [".."])) + path.sep;

type PrepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/** V8's own formatting of a stack, for when nothing else formats it. */
const v8Format: PrepareStackTrace = (error, frames) =>
  `${String(error)}${frames.map((frame) => `\n    at ${frame.toString()}`).join("")}`;

/** The frames worth formatting: the SDK's first five, then the program's (this package's left out). */
function declarationFrames(frames: NodeJS.CallSite[]): NodeJS.CallSite[] {
  const kept = frames.slice(0, SDK_FRAMES);
  for (const frame of frames.slice(SDK_FRAMES)) {
    if (kept.length >= SDK_FRAMES + PROGRAM_FRAMES) break;
    const file = frame.getFileName();
    if (file?.startsWith(PACKAGE_DIR)) continue;
    kept.push(frame);
  }
  return kept;
}

/** Whether `frame` is the SDK's `debuggablePromise`, which takes a stack trace of every promise it makes. */
function isSdkPromiseFrame(frame: NodeJS.CallSite | undefined): boolean {
  return (
    frame?.getFunctionName() === "debuggablePromise" && /[\\/]@pulumi[\\/]pulumi[\\/]/.test(frame.getFileName() ?? "")
  );
}

/** The stack trace of an SDK promise nobody will read (`PULUMI_DEBUG_PROMISE_LEAKS` unset). */
export const UNREAD_TRACE =
  "Error\n    at debuggablePromise (not formatted: set PULUMI_DEBUG_PROMISE_LEAKS=true to see it)";

/** Registrations of this package's resources under way (their stack traces are cut). */
let registering = 0;
/** Whether the program's stack formatting has been wrapped ({@link wrapStackFormatting}). */
let wrapped = false;

/**
 * Wraps the program's stack formatting (the language host's `source-map-support`), once, at the
 * first resource of this package, so that two kinds of stack trace the SDK takes cost little:
 *
 * - while one of this package's resources registers, `Resource.callsites()`'s is cut to
 *   {@link declarationFrames};
 * - the one `debuggablePromise` takes of every promise the SDK makes is read only to print the
 *   promises a program leaks with `PULUMI_DEBUG_PROMISE_LEAKS` set: without it, the trace is
 *   {@link UNREAD_TRACE} and its frames are never formatted (formatting them was a third of the
 *   time a program took to declare its resources, even as V8's own text).
 *
 * Every other stack trace is formatted as before. Node's own source maps (`--enable-source-maps`)
 * format inside V8 where no hook reaches them: nothing is wrapped then; nor with
 * `PULUMI_TENANT_FULL_STACK_TRACES=1`.
 */
function wrapStackFormatting(): void {
  if (wrapped) return;
  wrapped = true;
  if ((process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled) return;
  if (process.env.PULUMI_TENANT_FULL_STACK_TRACES === "1") return;
  const error = Error as unknown as { prepareStackTrace?: PrepareStackTrace };
  const format = error.prepareStackTrace ?? v8Format;
  error.prepareStackTrace = (e, frames) => {
    if (isSdkPromiseFrame(frames[0])) return process.env.PULUMI_DEBUG_PROMISE_LEAKS ? format(e, frames) : UNREAD_TRACE;
    return format(e, registering > 0 ? declarationFrames(frames) : frames);
  };
}

/**
 * A resource of kind `kind` served by this package's runtime in the dynamic provider host,
 * type `pulumi-nodejs:dynamic/<module>:<type>`.
 */
export class DynamicResource extends pulumi.CustomResource {
  constructor(
    kind: ResourceKind,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
    module: string,
    type: string,
  ) {
    if (props[PROVIDER_KEY] !== undefined) throw new Error(`a dynamic resource must not set ${PROVIDER_KEY}`);
    const inputs = { ...props, [PROVIDER_KEY]: inTurn(providerText(kind)) };
    wrapStackFormatting();
    registering += 1;
    try {
      super(`pulumi-nodejs:dynamic/${module}:${type}`, name, inputs, opts);
    } finally {
      registering -= 1;
    }
  }
}
