/**
 * The local action runner: an action's code runs in its own engine (QuickJS in WebAssembly), its
 * calls on `api` and its network requests are recorded, the Node built-ins it may use work, and
 * whatever it does (loop, eat memory, recurse, never settle, write too much) ends in a clear
 * error with this process unharmed.
 */
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { CodeRunResult } from "../../api";
import { actionRunJob, type ActionRun } from "../../api/kinds/action/tenant-runtime";
import { codeSandbox } from "../../server/sandbox";
import { RECORD_LIMITS } from "../../server/sandbox/records";

let sandbox: ReturnType<typeof codeSandbox>;
beforeAll(() => (sandbox = codeSandbox({ timeoutMs: 3000 })));
afterAll(() => sandbox.close());

/** Runs an action's test: its job (api/kinds/action/tenant-runtime.ts) in the sandbox. */
const runAction = (run: ActionRun): Promise<CodeRunResult> => sandbox.run(actionRunJob(run));

/** Runs `body` as a post-login handler. */
const run = (body: string, extra: Partial<ActionRun> = {}): Promise<CodeRunResult> =>
  runAction({
    trigger: "post-login",
    code: `exports.onExecutePostLogin = async (event, api) => { ${body} };`,
    ...extra,
  });

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
  expect(result.requests).toEqual([]);
  expect(result.duration_ms).toBeGreaterThan(0);
});

test("a user with a company is not shown the form: the payload decides; chained calls answer the api", async () => {
  const result = await run(
    `if (!event.user.user_metadata.company) api.prompt.render("ap_company");
     api.idToken.setCustomClaim("a", 1).accessToken.setCustomClaim("b", 2);`,
    { payload: { user: { user_metadata: { company: "Acme" } } } },
  );
  expect(result.error).toBeUndefined();
  expect(result.calls).toEqual([
    { method: "api.idToken.setCustomClaim", args: ["a", 1] },
    { method: "api.accessToken.setCustomClaim", args: ["b", 2] },
  ]);
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

test("api.cache keeps values within a run; redirect tokens round-trip; a thrown error is reported with its message", async () => {
  const result = await run(
    `api.cache.set("k", "v"); console.log(api.cache.get("k").value);
     const token = api.redirect.encodeToken({ secret: "s3", payload: { a: 1 } });
     console.log(token.split(".").length);
     throw new Error("boom");`,
  );
  expect(result.logs).toEqual([
    { level: "log", message: "v" },
    { level: "log", message: "3" },
  ]);
  expect(result.error).toMatchObject({ name: "Error", message: "boom" });
});

test("a missing handler, an undeclared package and a Node built-in that is not offered are refused, saying what to do", async () => {
  const missing = await runAction({ trigger: "post-login", code: "exports.other = () => {};" });
  expect(missing.error?.message).toMatch(/exports no function onExecutePostLogin.*it exports: other/);
  const undeclared = await run(`require("lodash");`);
  expect(undeclared.error).toMatchObject({ code: "MODULE_NOT_FOUND" });
  expect(undeclared.error?.message).toMatch(/^Cannot find module 'lodash': declare it in the action's dependencies/);
  const fs = await run(`require("fs");`);
  expect(fs.error?.message).toMatch(/require\("fs"\) is refused.*only these Node built-ins: assert, buffer, crypto/);
  const syntax = await runAction({ trigger: "post-login", code: "exports.onExecutePostLogin = async () => {" });
  expect(syntax.error?.name).toBe("SyntaxError");
});

test("the offered built-ins compute as Node's do", async () => {
  const result = await run(`
    const crypto = require("crypto");
    console.log(crypto.createHash("sha256").update("a").digest("hex"));
    console.log(crypto.createHmac("sha256", "key").update("data").digest("base64"));
    console.log(crypto.randomUUID().length, crypto.randomBytes(8).length);
    console.log(Buffer.from("héllo").toString("base64"), require("buffer").Buffer.from("aGk=", "base64").toString());
    console.log(require("path").join("/a", "b", "../c"), require("querystring").stringify({ a: 1, b: "x y" }));
    const url = new (require("url").URL)("https://example.com/p?q=1"); url.searchParams.append("r", "2");
    console.log(url.href, url.hostname, new URLSearchParams("a=1&b=2").get("b"));
    console.log(require("util").format("%s=%d", "n", 42), new TextDecoder().decode(new TextEncoder().encode("é")));
    const events = new (require("events"))(); events.once("x", (v) => console.log("event", v)); events.emit("x", 1);
    require("assert").strictEqual(1, 1);
    await require("timers/promises").setTimeout(10);
    console.log(btoa("hi"), atob("aGk="));
  `);
  expect(result.error).toBeUndefined();
  expect(result.logs.map((log) => log.message)).toEqual([
    "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb",
    createHmac("sha256", "key").update("data").digest("base64"),
    "36 8",
    "aMOpbGxv hi",
    "/a/c a=1&b=x%20y",
    "https://example.com/p?q=1&r=2 example.com 2",
    "n=42 é",
    "event 1",
    "aGk= hi",
  ]);
});

test("bytes with a NUL cross the engine's boundary whole: hashes of them, digests holding one, random bytes", async () => {
  // A digest that holds a 0 byte (found here, in Node), and data and a key that hold some.
  let input = 0;
  while (!createHash("sha256").update(`x${input}`).digest().includes(0)) input++;
  const result = await run(`
    const crypto = require("crypto");
    console.log(crypto.createHash("sha256").update("x${input}").digest("hex"));
    console.log(crypto.createHash("sha256").update(Buffer.from([0, 1, 0, 2])).digest("hex"));
    console.log(crypto.createHmac("sha256", Buffer.from([0, 7])).update("\\u0000a").digest("base64"));
    const lengths = [];
    for (let i = 0; i < 20; i++) lengths.push(crypto.randomBytes(64).length);
    console.log(lengths.join(","));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    console.log(Array.from({ length: 20 }, () => uuid.test(crypto.randomUUID())).every(Boolean));
    const values = crypto.getRandomValues(new Uint8Array(4096));
    console.log(values.length, values.some((n) => n === 0), values.some((n) => n === 255));
    console.log("a\\u0000b");
  `);
  expect(result.error).toBeUndefined();
  expect(result.logs.map((log) => log.message)).toEqual([
    createHash("sha256").update(`x${input}`).digest("hex"),
    createHash("sha256")
      .update(Buffer.from([0, 1, 0, 2]))
      .digest("hex"),
    createHmac("sha256", Buffer.from([0, 7]))
      .update("\u0000a")
      .digest("base64"),
    Array(20).fill(64).join(","),
    "true",
    "4096 true true",
    "a\u0000b",
  ]);
});

test("fetch is answered from the fixtures and every request is recorded; an unmatched one fails saying how to add it", async () => {
  const result = await run(
    `const reply = await fetch("https://crm.example.com/companies?email=ann%40example.com", { headers: { authorization: "Bearer x" } });
     console.log(reply.status, reply.ok, reply.headers.get("content-type"), JSON.stringify(await reply.json()));
     await fetch("https://crm.example.com/events", { method: "POST", body: JSON.stringify({ a: 1 }) });
     try { await fetch("https://other.example.com/x"); } catch (error) { console.log(error.name, error.message); }`,
    {
      fixtures: [
        {
          request: { method: "GET", url: "https://crm.example.com/companies?email=ann%40example.com" },
          response: { status: 200, headers: { "content-type": "application/json" }, body: '{"name":"Acme"}' },
        },
        { request: { method: "POST", url: "https://crm.example.com/events" }, response: { status: 204 } },
      ],
    },
  );
  expect(result.error).toBeUndefined();
  expect(result.logs[0]!.message).toBe('200 true application/json {"name":"Acme"}');
  expect(result.logs[1]!.message).toMatch(
    /^TypeError fetch failed: No fixture answers GET https:\/\/other\.example\.com\/x: .*Add one to the test request's "fixtures"/,
  );
  expect(result.requests).toEqual([
    { method: "GET", url: "https://crm.example.com/companies?email=ann%40example.com", status: 200 },
    { method: "POST", url: "https://crm.example.com/events", body: '{"a":1}', status: 204 },
    { method: "GET", url: "https://other.example.com/x", error: expect.stringMatching(/^No fixture answers GET/) },
  ]);
});

describe("limits: the engine stops the code, the error is clear, this process stays up", () => {
  test("an endless loop is stopped at the time limit, and so is one in a timer", async () => {
    const loop = await run(`while (true) {}`);
    expect(loop.error).toMatchObject({ name: "TimeoutError", message: expect.stringMatching(/longer than 3000 ms/) });
    const timer = await run(`await new Promise((resolve) => setTimeout(() => { for (;;) {} }, 10));`);
    expect(timer.error).toMatchObject({ name: "TimeoutError" });
  });

  test("objects, strings and buffers alike are stopped at the engine's memory", async () => {
    for (const bomb of [
      `const kept = []; for (;;) kept.push(new Array(100000).fill({ n: Math.random() }));`,
      `const kept = []; for (;;) kept.push(new Uint8Array(4 * 1024 * 1024));`,
      `let text = "x"; for (;;) text += text;`,
      `const kept = []; for (;;) kept.push("y".repeat(1 << 20) + kept.length);`,
    ]) {
      const result = await run(bomb);
      expect({ bomb, ...result.error }).toMatchObject({
        name: expect.stringMatching(/MemoryLimitError|InternalError|RangeError/),
      });
      expect(result.error?.message).toMatch(
        /64 MiB of memory|string too long|out of memory|Invalid array buffer length/,
      );
    }
  });

  test("deep recursion is a RangeError in the code; a promise that never settles is an error at once", async () => {
    const recursion = await run(`const f = () => f(); f();`);
    expect(recursion.error).toMatchObject({ name: "RangeError", message: expect.stringMatching(/stack/) });
    const never = await run(`await new Promise(() => {});`);
    expect(never.error?.message).toMatch(/promise never settled/);
  });

  test("close ends every engine worker and waits for it: one still starting, one that overran, one idle", async () => {
    // The process's threads (Linux): an engine worker is one; the sandbox's close must end them all.
    const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))![1]);
    const job = (body: string) =>
      actionRunJob({ trigger: "post-login", code: `exports.onExecutePostLogin = async (event, api) => { ${body} };` });
    const warm = codeSandbox(); // the engine's shared threads (compilers, the file system's pool) started once
    await warm.run(job(`api.user.setUserMetadata("w", 0);`));
    await warm.close();
    const before = threads();
    const own = codeSandbox({ timeoutMs: 300 });
    expect((await own.run(job(`while (true) {}`))).error).toMatchObject({ name: "TimeoutError" });
    expect((await own.run(job(`api.user.setUserMetadata("a", 1);`))).error).toBeUndefined();
    const starting = own.run(job(`api.user.setUserMetadata("b", 2);`));
    const starting2 = own.run(job(`api.user.setUserMetadata("c", 3);`));
    // One run takes the idle worker, the other starts one: close while it may still be starting.
    while (own.workers() < 2) await new Promise((resolve) => setTimeout(resolve, 2));
    await own.close();
    // No thread of the sandbox outlives its close; the runs it cut short settle.
    expect(own.workers()).toBe(0);
    expect(threads()).toBe(before);
    for (const result of await Promise.all([starting, starting2]))
      if (result.error) expect(result.error).toMatchObject({ name: "SandboxError" });
  });

  test("what the code writes is bounded: logs, calls and their arguments are cut, with a line saying so", async () => {
    const result = await run(`
      for (let i = 0; i < 1100; i++) console.log("line", i);
      for (let i = 0; i < 1100; i++) api.user.setUserMetadata("k" + i, i);
      api.user.setAppMetadata("big", "z".repeat(200000));`);
    expect(result.error).toBeUndefined();
    expect(result.logs.length).toBeLessThanOrEqual(RECORD_LIMITS.logs + 2);
    expect(result.logs.at(-2)?.message).toMatch(/further log lines left out/);
    expect(result.logs.at(-1)?.message).toMatch(/further calls on api left out/);
    expect(result.calls).toHaveLength(RECORD_LIMITS.calls);
    const big = await run(`api.user.setAppMetadata("big", "z".repeat(200000)); console.log("w".repeat(50000));`);
    expect(big.calls[0]!.args[0]).toMatch(/^\(arguments left out: \d+ characters as JSON/);
    expect(big.logs[0]!.message.length).toBeLessThan(RECORD_LIMITS.logChars + 100);
    expect(JSON.stringify(result).length).toBeLessThan(4_000_000);
  });
});
