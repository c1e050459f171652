/**
 * The stack traces the Pulumi SDK takes while a program declares resources, made cheap (issue
 * 39). It imports nothing, so that the plugin's Node SDK carries a copy of it (scripts/sdk.ts)
 * as it does of ./registration-turns.ts: both doors' resource classes use it.
 *
 * - The SDK takes the stack of every registration (`Resource.callsites()`: the whole stack,
 *   each frame mapped through source maps, then stored in state as `stackTrace`). While a
 *   resource of a package registers ({@link enterRegistration}), it is taken of the frames that
 *   say where the resource was declared: the package's own frames are left out, so
 *   `sourcePosition` is the program's line, and at most {@link PROGRAM_FRAMES} of the
 *   program's frames are kept.
 * - `debuggablePromise` takes the stack of every promise the SDK makes, and reads it only to
 *   print the promises a program leaks when `PULUMI_DEBUG_PROMISE_LEAKS` is set. Without it,
 *   the trace is {@link UNREAD_TRACE} and its frames are never formatted: formatting them (by
 *   the language host's `source-map-support`) was most of the time a program took to declare
 *   its resources.
 *
 * Every other stack trace is formatted as before. Node's own source maps
 * (`--enable-source-maps`) format inside V8 where no hook reaches them: nothing is wrapped
 * then; nor with `PULUMI_TENANT_FULL_STACK_TRACES=1`.
 */

/** Frames of the SDK's own constructors the SDK skips (`Resource.stackTrace(4)` drops 5). */
const SDK_FRAMES = 5;

/** The program's frames kept: where the resource was declared and the calls that led there. */
export const PROGRAM_FRAMES = 3;

/** The stack trace of an SDK promise nobody will read (`PULUMI_DEBUG_PROMISE_LEAKS` unset). */
export const UNREAD_TRACE =
  "Error\n    at debuggablePromise (not formatted: set PULUMI_DEBUG_PROMISE_LEAKS=true to see it)";

type PrepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => unknown;

/** V8's own formatting of a stack, for when nothing else formats it. */
const v8Format: PrepareStackTrace = (error, frames) =>
  `${String(error)}${frames.map((frame) => `\n    at ${frame.toString()}`).join("")}`;

/** The folder of the package whose resources register (its frames are no program's). */
let packageDir = "";
/** Registrations of the package's resources under way (their stack traces are cut). */
let registering = 0;
/** Whether the program's stack formatting has been wrapped. */
let wrapped = false;

/** The frames worth formatting: the SDK's first five, then the program's (the package's left out). */
function declarationFrames(frames: NodeJS.CallSite[]): NodeJS.CallSite[] {
  const kept = frames.slice(0, SDK_FRAMES);
  for (const frame of frames.slice(SDK_FRAMES)) {
    if (kept.length >= SDK_FRAMES + PROGRAM_FRAMES) break;
    const file = frame.getFileName();
    if (file?.startsWith(packageDir)) continue;
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

/**
 * Wraps the program's stack formatting (the language host's `source-map-support`), once, as
 * the module says; the first call names the package (`dir`, ending in the path separator)
 * whose frames are left out of a registration's trace.
 */
function wrapStackFormatting(dir: string): void {
  if (wrapped) return;
  wrapped = true;
  packageDir = dir;
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
 * Before a resource of the package in `dir` calls the SDK's constructor: its registration's
 * stack trace is cut from here to {@link leaveRegistration}.
 */
export function enterRegistration(dir: string): void {
  wrapStackFormatting(dir);
  registering += 1;
}

/** After the SDK's constructor returned (or threw). */
export function leaveRegistration(): void {
  registering -= 1;
}
