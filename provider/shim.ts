/**
 * The provider objects that `dynamic.Resource` serializes into state (`__provider`).
 *
 * The closure serializer captures an object's methods with every free variable they
 * use, and local modules by value. So these objects are deliberately tiny: each method
 * loads the real implementation (`runtime.ts`) at call time with `require` (which the
 * serializer leaves alone) and delegates. They capture only strings and a number: no
 * credentials, no libraries. Stored copies call `runtime.configure` and
 * `runtime.dispatch(kind, method, args, protocol)` — keep that interface stable.
 *
 * Where the runtime is found, in order: a runtime already loaded in this process; the
 * installed package (`pulumi-tenant/dist/provider/runtime`, resolved from the Pulumi
 * program's directory); the absolute path of this build, captured when the program ran.
 */
import * as path from "node:path";
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";
import type { TenantRuntime } from "./runtime";
import type { ResourceKind } from "./resources/tokens";

const RUNTIME_GLOBAL = "__pulumiTenantRuntime_v1";
const RUNTIME_PACKAGE = "pulumi-tenant/dist/provider/runtime";
const RUNTIME_FILE = compiledRuntimePath();
const PROTOCOL = 1;

/** The compiled runtime next to this file (from TypeScript sources: the build's copy). */
function compiledRuntimePath(): string {
  const resolved = require.resolve("./runtime");
  if (!resolved.endsWith(".ts")) return resolved;
  // Loaded from sources (ts-node): the provider process runs plain node, so use the package's build.
  return path.join(path.dirname(resolved), "dist", "provider", "runtime.js");
}

/** Finds the process's runtime, loading it on first use. Serialized by value: keep it small. */
function loadRuntime(): TenantRuntime {
  const registry = globalThis as unknown as Record<string, TenantRuntime | undefined>;
  if (!registry[RUNTIME_GLOBAL]) {
    let file = RUNTIME_FILE;
    try {
      file = require.resolve(RUNTIME_PACKAGE);
    } catch {
      // Not installed as a package next to the program: use the captured path.
    }
    require(file);
  }
  const runtime = registry[RUNTIME_GLOBAL];
  if (!runtime) throw new Error(`pulumi-tenant: could not load the provider runtime (${RUNTIME_FILE})`);
  return runtime;
}

function makeProvider(kind: string): ResourceProvider {
  return {
    async configure(req) {
      loadRuntime().configure(req.config);
    },
    async check(olds, news) {
      return loadRuntime().dispatch(kind, "check", [olds, news], PROTOCOL) as never;
    },
    async diff(id, olds, news) {
      return loadRuntime().dispatch(kind, "diff", [id, olds, news], PROTOCOL) as never;
    },
    async create(inputs) {
      return loadRuntime().dispatch(kind, "create", [inputs], PROTOCOL) as never;
    },
    async read(id, props) {
      return loadRuntime().dispatch(kind, "read", [id, props], PROTOCOL) as never;
    },
    async update(id, olds, news) {
      return loadRuntime().dispatch(kind, "update", [id, olds, news], PROTOCOL) as never;
    },
    async delete(id, props) {
      await loadRuntime().dispatch(kind, "delete", [id, props], PROTOCOL);
    },
  };
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

/** The serialized provider of `tenant:Form`. */
export const formProvider: ResourceProvider = providerFor("form");
/** The serialized provider of `tenant:EventStream`. */
export const eventStreamProvider: ResourceProvider = providerFor("eventStream");
/** The serialized provider of `tenant:LoginTemplate`. */
export const loginTemplateProvider: ResourceProvider = providerFor("loginTemplate");
