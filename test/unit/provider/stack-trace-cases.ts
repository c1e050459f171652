/**
 * The cases of stack-traces.test.ts (the dynamic classes) and sdk-stack-traces.test.ts (the
 * plugin's Node SDK), each file a process of its own stack formatting.
 *
 * The stack traces the Pulumi SDK takes while a program declares a door's resources
 * (provider/lifecycle/stack-formatting.ts): the one of each registration (`Resource.callsites`)
 * is formatted, by the program's own formatter, from the SDK's frames and at most
 * PROGRAM_FRAMES of the program's, none of this package's; the one `debuggablePromise` takes of
 * every SDK promise is not formatted at all unless PULUMI_DEBUG_PROMISE_LEAKS asks to print it;
 * any other stack trace is the program's formatter's, whole. The formatter stands in for `source-map-support`.
 */
import * as pulumi from "@pulumi/pulumi";
import { PROGRAM_FRAMES, UNREAD_TRACE } from "../../../provider/lifecycle/stack-formatting";

type Frames = NodeJS.CallSite[];
/** The SDK's (internal: not in its typings) wrapper that takes a stack trace of every promise it makes. */
const { debuggablePromise } = require("@pulumi/pulumi/runtime/debuggable") as {
  debuggablePromise<T>(promise: Promise<T>, context: string): Promise<T>;
};
const formatted: { top: string | null; files: (string | null)[] }[] = [];
const programFormatter = (error: Error, frames: Frames) => {
  formatted.push({ top: frames[0]?.getFunctionName() ?? null, files: frames.map((frame) => frame.getFileName()) });
  return `mapped ${frames.length}`;
};
const errorClass = Error as unknown as { prepareStackTrace?: (error: Error, frames: Frames) => unknown };
const before = errorClass.prepareStackTrace;

beforeAll(async () => {
  errorClass.prepareStackTrace = programFormatter;
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
    "shop",
    "prod",
  );
});
afterAll(() => {
  errorClass.prepareStackTrace = before;
});

/** Runs `declare` `depth` calls deep, so that the program has more frames than are kept. */
async function nested(depth: number, declare: () => Promise<void>): Promise<void> {
  if (depth === 0) await declare();
  else await nested(depth - 1, declare);
}

/**
 * The cases for one door: `declareFlow` declares a flow of it from the test file (so the
 * program's frames are the test's, `testFile`), and `doorFrames` matches the door's own files.
 */
export function stackTraceCases(
  door: string,
  declareFlow: (name: string) => Promise<void>,
  testFile: RegExp,
  doorFrames: RegExp,
): void {
  describe(`stack traces while ${door} resources register`, () => {
    it("formats the registration's own trace from the SDK's frames and a few of the program's, none of this package's", async () => {
      formatted.length = 0;
      await nested(PROGRAM_FRAMES + 2, () => declareFlow("enrich"));
      const registration = formatted.find((call) => call.top === "callsites");
      expect(registration).toBeDefined();
      const programFrames = registration!.files.slice(5);
      expect(programFrames.length).toBeGreaterThan(0);
      expect(programFrames.length).toBeLessThanOrEqual(PROGRAM_FRAMES);
      expect(programFrames.some((file) => testFile.test(file ?? ""))).toBe(true);
      expect(programFrames.filter((file) => doorFrames.test(file ?? ""))).toEqual([]);
    });

    it("leaves the SDK's per-promise traces unformatted unless they will be read, every other trace to the program's formatter", async () => {
      await declareFlow("notify");
      formatted.length = 0;
      // It notes the trace on the promise it is given (and returns another).
      const promise = Promise.resolve(1) as Promise<number> & { _debugStackTrace?: string };
      await debuggablePromise(promise, "a test");
      expect(promise._debugStackTrace).toBe(UNREAD_TRACE);
      expect(formatted).toEqual([]);

      const stack = new Error("elsewhere").stack!;
      expect(stack).toMatch(/^mapped \d+$/);
      expect(formatted).toHaveLength(1);
      expect(formatted[0]!.files.length).toBe(Number(stack.split(" ")[1]));
      expect(formatted[0]!.files[0]).toMatch(/stack-trace-cases\.ts$/);
    });

    it("formats the per-promise traces as the program would when PULUMI_DEBUG_PROMISE_LEAKS prints them", async () => {
      process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
      try {
        formatted.length = 0;
        const promise = Promise.resolve(1) as Promise<number> & { _debugStackTrace?: string };
        await debuggablePromise(promise, "a leak hunt");
        expect(promise._debugStackTrace).toMatch(/^mapped \d+$/);
        expect(formatted[0]?.top).toBe("debuggablePromise");
      } finally {
        delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
      }
    });
  });
}
