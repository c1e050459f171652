/**
 * The provider text every dynamic resource stores in state (`__provider`), and the provider
 * object it evaluates to in the dynamic provider host.
 *
 * The host evaluates the text as a module and calls its `handler()` for the provider object
 * (once per distinct text and process: it caches by the text). The engine stores the text
 * twice per resource (inputs and outputs) and, with a file backend, rewrites the whole state
 * after every step, so its size is paid per resource and per step: a first deploy of N
 * resources writes it about 2 × N² times. So it is written by hand, as short as it can be
 * (about 110 bytes; Pulumi's closure serializer wrote 930 for the same object), rather than
 * produced by `dynamic.Resource`'s closure serializer.
 *
 * The object has one method, `configure`, which the host calls before any other: it loads
 * the real implementation (`runtime.ts`) with `require` and has it `attach`
 * `check`/`diff`/`create`/`read`/`update`/`delete` of its kind (protocol 1). It holds only
 * strings (the kind, and where to find the runtime): no credentials, no libraries. The
 * runtime's `attach` goes through the runtime registered in the process (the first loaded),
 * so one runtime serves every text. Texts stored by earlier versions keep working: 0.2.0's
 * (the closure serializer's, which call `runtime.configure` and
 * `runtime.dispatch(kind, method, args, protocol)`, resolving
 * `pulumi-tenant/dist/provider/runtime`: package.json keeps that one path as an entry, the
 * only `dist/` path it exports) and the ones after, which call the registered runtime's
 * `attach` with this build's absolute path as a fallback. Keep that interface stable
 * (test/e2e/state-compat.test.ts runs each).
 *
 * Where the runtime is found: the installed package (`pulumi-tenant/runtime`), which the
 * dynamic provider host resolves from its working folder, the Pulumi program's. When the
 * program's folder resolves the package (an installed package, as every user's program has
 * it), the text names nothing else: no path, the same on every machine that runs the stack.
 * Only when it does not (a program that loads this build by path) does the text add the
 * absolute path of this build as a fallback.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ResourceKind } from "./tokens";

/** The runtime in the installed package (package.json `exports`: `./runtime`). */
const PACKAGE = "pulumi-tenant/runtime";

/** The compiled runtime next to this file (from TypeScript sources: the build's copy). */
function compiledRuntimePath(): string {
  const resolved = require.resolve("../runtime");
  if (!resolved.endsWith(".ts")) return resolved;
  // Loaded from sources (ts-node): the provider process runs plain node, so use the package's build.
  return path.join(path.dirname(resolved), "dist", "provider", "runtime.js");
}

const texts = new Map<string, string>();

/**
 * True when the installed package resolves from the Pulumi program's folder, where the provider
 * host runs: a `node_modules/pulumi-tenant` there or in a folder above, as Node.js looks it up.
 */
function packageResolvesFromProgram(): boolean {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "node_modules", "pulumi-tenant", "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * The `__provider` text of resource kind `kind`: a module whose `handler()` returns
 * `{ configure }`. Built once per kind and program.
 */
export function providerText(kind: ResourceKind): string {
  let text = texts.get(kind);
  if (text === undefined) {
    const q = JSON.stringify;
    const runtime = packageResolvesFromProgram()
      ? `require(${q(PACKAGE)})`
      : `(f=>{try{f=require.resolve(${q(PACKAGE)})}catch{f=${q(compiledRuntimePath())}}return require(f)})()`;
    text = `exports.handler=()=>({async configure(r){${runtime}.attach(this,${q(kind)},r.config,1)}});`;
    texts.set(kind, text);
  }
  return text;
}
