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
 *   of the program's frames are kept. Mapping every frame of a deep stack was about a third
 *   of the program's time per resource.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { PROVIDER_KEY } from "./shared";
import { providerText } from "../shim";
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

/**
 * Cuts the stack traces taken from now on to {@link declarationFrames}, formatted by whatever
 * formats them now (the language host's `source-map-support`); returns what puts things back.
 * Node's own source maps (`--enable-source-maps`) format inside V8 where no hook reaches them:
 * left alone then.
 */
function cutStackTraces(): () => void {
  if ((process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled) return () => undefined;
  const error = Error as unknown as { prepareStackTrace?: PrepareStackTrace };
  const before = error.prepareStackTrace;
  const format = before ?? v8Format;
  error.prepareStackTrace = (e, frames) => format(e, declarationFrames(frames));
  return () => {
    error.prepareStackTrace = before;
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
    const inputs = { ...props, [PROVIDER_KEY]: providerText(kind) };
    const restore = cutStackTraces();
    try {
      super(`pulumi-nodejs:dynamic/${module}:${type}`, name, inputs, opts);
    } finally {
      restore();
    }
  }
}
