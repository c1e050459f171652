/**
 * The `__provider` text each dynamic resource stores (twice) in state: without any path where
 * the program's folder resolves the installed package (every user's program), with this build's
 * absolute path as a fallback only where it does not; either text evaluates to a provider whose
 * `configure` has the runtime attach its methods, through the runtime registered in the process.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../../scripts/lib/pulumi";
import { RUNTIME_GLOBAL } from "../../../../provider/protocol";

/** `providerText(kind)` as a program whose working folder is `cwd` builds it (a fresh module: texts are memoized). */
function textFrom(cwd: string, kind = "form"): string {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    let text = "";
    jest.isolateModules(() => {
      const { providerText } =
        require("../../../../provider/lifecycle/shim") as typeof import("../../../../provider/lifecycle/shim");
      text = providerText(kind as never);
    });
    return text;
  } finally {
    process.chdir(before);
  }
}

/** What the dynamic provider host does with a text: run it as a module, `handler()`, then `configure`. */
async function configured(text: string, config: unknown, requireOf: (request: string) => unknown) {
  const module = { exports: {} as { handler?: () => { configure(request: unknown): Promise<void> } } };
  new Function("exports", "require", "module", text)(module.exports, requireOf, module);
  const provider = module.exports.handler!();
  await provider.configure({ config });
  return provider;
}

describe("the stored provider text", () => {
  const registry = globalThis as unknown as Record<string, unknown>;
  const saved = registry[RUNTIME_GLOBAL];
  afterEach(() => {
    registry[RUNTIME_GLOBAL] = saved;
  });

  test("from a program folder that resolves pulumi-tenant: no path, about 110 bytes, one per kind", () => {
    const text = textFrom(REPO_ROOT);
    expect(text).toContain('require("pulumi-tenant/runtime").attach(this,"form",');
    expect(text).not.toMatch(/"\//);
    expect(Buffer.byteLength(text)).toBeLessThan(130);
    expect(textFrom(REPO_ROOT, "eventStream")).toContain('"eventStream"');
  });

  test("from a folder that does not resolve it: this build's absolute path as the fallback", () => {
    const lonely = fs.mkdtempSync(path.join(os.tmpdir(), "shim-"));
    try {
      const text = textFrom(lonely);
      expect(text).toContain('require.resolve("pulumi-tenant/runtime")');
      expect(text).toContain(path.join(REPO_ROOT, "provider", "dist", "provider", "runtime.js"));
    } finally {
      fs.rmSync(lonely, { recursive: true, force: true });
    }
  });

  test("either text's configure loads the runtime module and has it attach the provider's kind", async () => {
    for (const text of [textFrom(REPO_ROOT), textFrom(os.tmpdir())]) {
      const attached: unknown[][] = [];
      const requests: string[] = [];
      const config = { get: () => undefined };
      const provider = await configured(text, config, (request) => {
        requests.push(request);
        return { attach: (...args: unknown[]) => attached.push(args) };
      });
      expect(requests).toHaveLength(1);
      expect(attached).toEqual([[provider, "form", config, 1]]);
    }
  });

  test("the runtime's attach goes through the runtime registered in the process (one per process)", () => {
    const runtime = require("../../../../provider/runtime") as typeof import("../../../../provider/runtime");
    const calls: unknown[][] = [];
    registry[RUNTIME_GLOBAL] = { ...(saved as object), attach: (...args: unknown[]) => calls.push(args) };
    const provider = {};
    runtime.attach(provider, "form", { get: () => undefined }, 1);
    expect(calls).toEqual([[provider, "form", expect.anything(), 1]]);
    expect(provider).toEqual({});
  });
});
