/**
 * The guest's bundle (server/sandbox/guest-bundle.ts), as the server's build makes it: guest code
 * importing a helper bundles into one script whose value the engine reads; guest code importing a
 * Node built-in, by `import` or by `require`, fails the bundle naming the import, its file and
 * line, and why. The real guest bundles into a script that leaves no name on the global object
 * and keeps the names the action's code sees.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import { bundleGuest, GUEST_GLOBAL, GuestBuildError } from "../../../server/sandbox/guest-bundle";
import type { GuestHost, GuestProgram } from "../../../server/sandbox/guest/contract";

const GUEST_ENTRY = path.resolve(__dirname, "../../../server/sandbox/guest/index.ts");

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "guest-bundle-"))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `files` (name → source) under a folder of their own; the path of the first. */
function plant(name: string, files: Record<string, string>): string {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder, { recursive: true });
  for (const [file, source] of Object.entries(files)) fs.writeFileSync(path.join(folder, file), source);
  return path.join(folder, Object.keys(files)[0]!);
}

/** Evaluates `script` as the engine does (in a function of its own) in a fresh context: its value and the context. */
function evaluate(script: string) {
  const context = vm.createContext({});
  const value = vm.runInContext(`(function () {${script}\nreturn ${GUEST_GLOBAL}.default;\n})()`, context) as unknown;
  return { value, context };
}

test("guest code importing a helper module bundles into one script whose value is the entry's default export", async () => {
  const entry = plant("helper", {
    "index.ts": `import { greet } from "./helper";\nexport default { hello: (name: string) => greet(name) };\n`,
    "helper.ts": `const prefix: string = "Hello, ";\nexport const greet = (name: string) => prefix + name;\n`,
  });
  const script = await bundleGuest(entry);
  expect(script).not.toMatch(/\brequire\(/);
  const { value } = evaluate(script);
  expect((value as { hello(name: string): string }).hello("Ann")).toBe("Hello, Ann");
});

test("two modules' classes of one name keep that name once bundled together", async () => {
  const entry = plant("same-names", {
    "index.ts": `import { Thing as A } from "./a";\nimport { Thing as B } from "./b";\nexport default [A, B];\n`,
    "a.ts": `export class Thing {}\n`,
    "b.ts": `export class Thing {}\n`,
  });
  const { value } = evaluate(await bundleGuest(entry));
  const [a, b] = value as [{ name: string }, { name: string }];
  expect(a).not.toBe(b);
  expect([a.name, b.name]).toEqual(["Thing", "Thing"]);
});

test("an import of node:fs fails the bundle, naming the import, its file and line, and why", async () => {
  const entry = plant("node-import", {
    "index.ts": `import { helper } from "./helper";\nexport default helper;\n`,
    "helper.ts": `// reads a file\nimport { readFileSync } from "node:fs";\nexport const helper = () => readFileSync("/etc/hostname", "utf8");\n`,
  });
  const failure = await bundleGuest(entry).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(GuestBuildError);
  const message = (failure as Error).message;
  expect(message).toContain(`"node:fs" is a Node built-in`);
  expect(message).toContain("has no Node");
  expect(message).toMatch(/node-import[/\\]helper\.ts:2:\d+: /);
  expect(message).toContain(`import { readFileSync } from "node:fs";`);
});

test("a require of a bare Node built-in (crypto) fails the bundle too, naming it", async () => {
  const entry = plant("node-require", {
    "index.ts": `declare const require: (name: string) => unknown;\nconst crypto = require("crypto");\nexport default crypto;\n`,
  });
  await expect(bundleGuest(entry)).rejects.toThrow(/node-require[/\\]index\.ts:2:\d+: "crypto" is a Node built-in/);
});

test("an import that resolves nowhere fails the bundle naming it", async () => {
  const entry = plant("missing", { "index.ts": `import { nothing } from "./nowhere";\nexport default nothing;\n` });
  await expect(bundleGuest(entry)).rejects.toThrow(
    /does not bundle for the action engine:\n.*index\.ts:1:\d+: .*\.\/nowhere/,
  );
});

describe("the real guest", () => {
  let script: string;
  beforeAll(async () => (script = await bundleGuest(GUEST_ENTRY)));

  test("its value is the program the engine calls, and it leaves no name on the global object", () => {
    const { value, context } = evaluate(script);
    const program = value as GuestProgram;
    expect(Object.keys(program).sort()).toEqual(["installFetch", "installWeb", "runAction"]);
    for (const fn of Object.values(program)) expect(typeof fn).toBe("function");
    expect(Object.keys(context)).toEqual([]);
  });

  test("installed, the globals the action's code sees keep their own names", () => {
    const { value, context } = evaluate(script);
    const host = {} as GuestHost; // nothing here calls it
    const program = value as GuestProgram;
    const web = program.installWeb(host);
    program.installFetch(host, web);
    const names = ["URL", "URLSearchParams", "TextEncoder", "TextDecoder", "Headers", "Request", "Response"];
    names.push("AbortController", "AbortSignal", "btoa", "atob");
    for (const name of names) expect((context as Record<string, { name: string }>)[name]!.name).toBe(name);
  });
});
