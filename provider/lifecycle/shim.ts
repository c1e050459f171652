/**
 * The provider text every dynamic resource stores in state (`__provider`), and the provider
 * object it evaluates to in the dynamic provider host.
 *
 * The host evaluates the text as a module and calls its `handler()` for the provider object
 * (once per distinct text and process: it caches by the text). The engine stores the text
 * twice per resource (inputs and outputs) and, with a file backend, rewrites the whole state
 * after every step, so its size is paid per resource and per step: a first deploy of N
 * resources writes it about 2 × N² times. So it is written by hand, as short as it can be
 * (about 300 bytes; Pulumi's closure serializer wrote 930 for the same object), rather than
 * produced by `dynamic.Resource`'s closure serializer.
 *
 * The object has one method, `configure`, which the host calls before any other: it loads
 * the real implementation (`runtime.ts`) with `require` and has it `attach`
 * `check`/`diff`/`create`/`read`/`update`/`delete` (protocol 1). It holds only strings (the
 * kind, the runtime's global and where to find it): no credentials, no libraries. Texts
 * stored by earlier versions (the closure serializer's, and 0.2.0's that call
 * `runtime.configure` and `runtime.dispatch(kind, method, args, protocol)`) keep working:
 * keep that interface stable (test/e2e/state-compat.test.ts runs them).
 *
 * Where the runtime is found, in order: a runtime already loaded in this process; the
 * installed package (`pulumi-tenant/runtime`, resolved from the Pulumi program's
 * directory); the absolute path of this build, captured when the program ran. 0.2.0's texts
 * resolve `pulumi-tenant/dist/provider/runtime`: package.json keeps that one path as an
 * entry, the only `dist/` path it exports.
 */
import * as path from "node:path";
import { RUNTIME_GLOBAL } from "../protocol";
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
 * The `__provider` text of resource kind `kind`: a module whose `handler()` returns
 * `{ kind, configure }`. Built once per kind and program.
 */
export function providerText(kind: ResourceKind): string {
  let text = texts.get(kind);
  if (text === undefined) {
    const q = JSON.stringify;
    text =
      `exports.handler=()=>p;const p={kind:${q(kind)},async configure(r){const g=globalThis,k=${q(RUNTIME_GLOBAL)};` +
      `if(!g[k]){let f;try{f=require.resolve(${q(PACKAGE)})}catch{f=${q(compiledRuntimePath())}}require(f)}` +
      `g[k].attach(this,this.kind,r.config,1)}};`;
    texts.set(kind, text);
  }
  return text;
}
