/**
 * The provider objects that `dynamic.Resource` serializes into state (`__provider`).
 *
 * The closure serializer captures an object's methods with every free variable they
 * use, and local modules by value, and the engine stores the result with every resource.
 * So these objects are deliberately tiny: one method, `configure`, which the dynamic
 * provider host calls once per process before any other; it loads the real
 * implementation (`runtime.ts`) with `require` (which the serializer leaves alone) and has
 * it attach `check`/`diff`/`create`/`read`/`update`/`delete`. It captures only strings (the
 * kind, the runtime's global and where to find it): no credentials, no libraries. Copies stored by 0.2.0 call `runtime.configure` and
 * `runtime.dispatch(kind, method, args, protocol)` — keep that interface stable
 * (test/e2e/state-compat.test.ts runs them).
 *
 * Where the runtime is found, in order: a runtime already loaded in this process; the
 * installed package (`pulumi-tenant/runtime`, resolved from the Pulumi program's
 * directory); the absolute path of this build, captured when the program ran.
 */
import * as path from "node:path";
import type { ConfigureRequest, ResourceProvider } from "@pulumi/pulumi/dynamic";
import type { TenantRuntime } from "./dispatch/protocol";
import type { ResourceKind } from "./lifecycle/tokens";

// Short names: the serializer writes each captured constant's name beside its value.
/** The global the runtime registers under (runtime.ts `RUNTIME_GLOBAL`). */
const GLOBAL = "__pulumiTenantRuntime_v1";
/** The runtime in the installed package (package.json `exports`: `./runtime`). */
const PACKAGE = "pulumi-tenant/runtime";
/** The runtime of this build, by absolute path: when the package does not resolve from the program. */
const FILE = compiledRuntimePath();

/** The compiled runtime next to this file (from TypeScript sources: the build's copy). */
function compiledRuntimePath(): string {
  const resolved = require.resolve("./runtime");
  if (!resolved.endsWith(".ts")) return resolved;
  // Loaded from sources (ts-node): the provider process runs plain node, so use the package's build.
  return path.join(path.dirname(resolved), "dist", "provider", "runtime.js");
}

/**
 * The one method of every serialized provider: loads the runtime and has it configure and
 * put the other methods on the object (`attach`, protocol 1). Serialized by value into
 * every resource's state (`__provider`, under 1 KB with the object), so it is short, at top
 * level (the serializer keeps a function's indentation) and free of comments inside.
 */
async function configure(this: { kind: string }, req: ConfigureRequest): Promise<void> {
  const g = globalThis as unknown as Record<string, Required<TenantRuntime>>;
  if (!g[GLOBAL]) {
    let file: string;
    try {
      file = require.resolve(PACKAGE);
    } catch {
      file = FILE;
    }
    require(file);
  }
  g[GLOBAL].attach(this, this.kind, req.config, 1);
}

/** The provider object of `kind`: its kind and {@link configure}. */
function makeProvider(kind: string): ResourceProvider {
  return { kind, configure } as unknown as ResourceProvider;
}

const providers = new Map<string, ResourceProvider>();

/**
 * The serialized provider of resource kind `kind` (one object per kind, so the closure
 * serializer's cache serializes it once per program).
 */
export function providerFor(kind: ResourceKind): ResourceProvider {
  let provider = providers.get(kind);
  if (!provider) {
    provider = makeProvider(kind);
    providers.set(kind, provider);
  }
  return provider;
}
