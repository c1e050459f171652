/**
 * The local action runner: an action's code runs in its own restricted process, its calls on
 * `api` are recorded, and whatever it does (write a file, spawn, loop, eat memory, signal the
 * server) ends in a clear error with the process gone and this process unharmed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CodeRunResult } from "../../api";
import { actionRunJob, type ActionRun } from "../../api/kinds/action/tenant-runtime";
import { permissionFlag, runCode, type RunOptions } from "../../server/sandbox";
import { removeDir, tempDir } from "./helpers";

/** Runs an action's test: its job (api/kinds/action/tenant-runtime.ts) in the sandbox. */
const runAction = ({ limits, onStart, ...run }: ActionRun & RunOptions): Promise<CodeRunResult> =>
  runCode(actionRunJob(run), { limits, onStart });

/** Runs `body` as a post-login handler and checks the process is gone once the run resolves. */
async function run(body: string, extra: Partial<ActionRun> & RunOptions = {}): Promise<CodeRunResult> {
  let pid: number | undefined;
  const { limits, ...job } = extra;
  const result = await runAction({
    trigger: "post-login",
    code: `exports.onExecutePostLogin = async (event, api) => { ${body} };`,
    onStart: (started: number) => (pid = started),
    ...(limits ? { limits } : {}),
    ...job,
  });
  expect(pid).toBeGreaterThan(0);
  expect(() => process.kill(pid!, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  return result;
}

test("the happy path records api.prompt.render(id, options) and api.user.setUserMetadata in order, with logs and secrets", async () => {
  const result = await run(
    `console.log("company:", event.user.user_metadata.company, "key:", event.secrets.API_KEY);
     if (!event.user.user_metadata.company) api.prompt.render("ap_company", { vars: { email: event.user.email } });
     api.user.setUserMetadata("asked_company", true);`,
    { secrets: { API_KEY: "k-1" }, payload: { user: { email: "ann@example.com" } } },
  );
  expect(result.error).toBeUndefined();
  expect(result.handler).toBe("onExecutePostLogin");
  expect(result.calls).toEqual([
    { method: "api.prompt.render", args: ["ap_company", { vars: { email: "ann@example.com" } }] },
    { method: "api.user.setUserMetadata", args: ["asked_company", true] },
  ]);
  expect(result.logs).toEqual([{ level: "log", message: "company: undefined key: k-1" }]);
  expect(result.duration_ms).toBeGreaterThan(0);
});

test("a user with a company is not shown the form: the payload decides", async () => {
  const result = await run(`if (!event.user.user_metadata.company) api.prompt.render("ap_company");`, {
    payload: { user: { user_metadata: { company: "Acme" } } },
  });
  expect(result).toMatchObject({ calls: [] });
  expect(result.error).toBeUndefined();
});

test("a method the trigger's api lacks is an error naming it; calls before it are kept", async () => {
  const result = await run(`api.access.deny("no"); api.user.setEmail("x@example.com");`);
  expect(result.calls).toEqual([{ method: "api.access.deny", args: ["no"] }]);
  expect(result.error?.message).toMatch(/api\.user\.setEmail is not part of the post-login API/);
  const other = await runAction({
    trigger: "pre-user-registration",
    code: `exports.onExecutePreUserRegistration = async (event, api) => { api.validation.error("bad", "Bad"); api.prompt.render("f"); };`,
  });
  expect(other.calls).toEqual([{ method: "api.validation.error", args: ["bad", "Bad"] }]);
  expect(other.error?.message).toMatch(/api\.prompt is not part of the pre-user-registration API/);
});

test("api.cache keeps values within a run; a thrown error is reported with its message", async () => {
  const result = await run(`api.cache.set("k", "v"); console.log(api.cache.get("k").value); throw new Error("boom");`);
  expect(result.logs).toEqual([{ level: "log", message: "v" }]);
  expect(result.error).toMatchObject({ name: "Error", message: "boom" });
});

test("a missing handler and a declared dependency are refused with what to do", async () => {
  const missing = await runAction({ trigger: "post-login", code: "exports.other = () => {};" });
  expect(missing.error?.message).toMatch(/exports no function onExecutePostLogin.*it exports: other/);
  const dependency = await run(`require("axios");`, { dependencies: ["axios"] });
  expect(dependency.error?.message).toMatch(/installs no packages.*dependency axios/);
  const safe = await run(`console.log(require("crypto").createHash("sha256").update("a").digest("hex").length);`);
  expect(safe.logs).toEqual([{ level: "log", message: "64" }]);
});

describe("refusals: the process is ended, the error is clear, this process stays up", () => {
  let dir: string;
  beforeAll(() => (dir = tempDir("action-runner-")));
  afterAll(() => removeDir(dir));

  test("writing a file is refused by the permission model", async () => {
    const target = join(dir, "written.txt");
    // process.getBuiltinModule reaches fs past the runner's require: the permission model refuses the write.
    const result = await run(`process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(target)}, "x");`);
    expect(result.error?.message).toMatch(/Access to this API has been restricted/);
    expect(existsSync(target)).toBe(false);
    const viaRequire = await run(`require("fs").writeFileSync(${JSON.stringify(target)}, "x");`);
    expect(viaRequire.error?.message).toMatch(/require\("fs"\) is refused.*only these Node built-ins: assert/);
  });

  test("spawning a process is refused", async () => {
    const result = await run(`process.getBuiltinModule("child_process").spawnSync("sh", ["-c", "true"]);`);
    expect(result.error?.message).toMatch(/Access to this API has been restricted/);
  });

  test("signalling the server is refused", async () => {
    const result = await run(`process.kill(process.ppid, "SIGKILL");`);
    expect(result.error?.message).toBe(`process.kill(${process.pid}) is not available to an action run locally`);
  });

  test("an endless loop is stopped at the time limit", async () => {
    const result = await run(`while (true) {}`, { limits: { timeoutMs: 1000 } });
    expect(result.error).toMatchObject({ name: "TimeoutError", message: expect.stringMatching(/longer than 1000 ms/) });
  });

  test("a memory bomb is stopped at the heap limit, a buffer bomb at the resident limit", async () => {
    const heap = await run(`const kept = []; while (true) kept.push({ text: "x".repeat(64) + Math.random() });`);
    expect(heap.error).toMatchObject({ name: "MemoryLimitError", message: expect.stringMatching(/64 MiB heap/) });
    const buffers = await run(
      `const kept = []; for (;;) { kept.push(Buffer.alloc(16 * 1024 * 1024, 1)); await new Promise((r) => setTimeout(r, 5)); }`,
      {
        limits: { maxRssMb: 160 },
      },
    );
    expect(buffers.error).toMatchObject({
      name: "MemoryLimitError",
      message: expect.stringMatching(/160 MiB of memory/),
    });
  });
});

test("the permission flag follows the Node version", () => {
  expect(permissionFlag("20.20.2")).toBe("--experimental-permission");
  expect(permissionFlag("22.12.0")).toBe("--permission");
});
