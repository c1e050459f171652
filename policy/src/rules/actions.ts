/**
 * Actions (code the tenant runs at a trigger): no credential in `code` (the action's
 * `secrets` are the place: `event.secrets.NAME`), code that parses (the service accepts and
 * deploys code that does not, and every run of its trigger then fails), dependencies pinned
 * to exact versions, and a runtime the service still supports; and code the pack cannot read
 * at preview because it is built from an output not known yet (`pulumi.interpolate` of a
 * form's id on a first preview), named so that a reviewer knows it was not judged there.
 * Fields as the management API names them: `code`, `runtime`, `dependencies[{name, version}]`,
 * `secrets[{name, value}]`.
 */
import * as vm from "node:vm";
import { named, isRecord, type TenantResource } from "../resources";
import { secretShapeIn } from "./literals";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** `action-code-secrets`: no credential-shaped literal in the action's code. */
export function codeSecrets(resource: TenantResource): Violation[] {
  const code = resource.fields.code;
  if (resource.typeName !== "Action" || typeof code !== "string" || code === UNKNOWN) return [];
  return code.split("\n").flatMap((line, index) => {
    const shape = secretShapeIn(line);
    if (!shape) return [];
    return [
      {
        message:
          `${named(resource)}: code line ${index + 1} holds ${shape}. Move it to the action's secrets ` +
          "(secrets: [{ name, value }], value from a Pulumi secret) and read it as event.secrets.<name>.",
      },
    ];
  });
}

/** The names Node hands a CommonJS module's code, which the Actions runtime loads the code as. */
const MODULE_PARAMETERS = ["exports", "require", "module", "__filename", "__dirname"];

/**
 * Where and why `code` does not parse as the Actions runtime loads it (a CommonJS module), or
 * undefined when it parses. The code is compiled, never run: `vm.compileFunction` parses the
 * module's body as a function's without calling it.
 */
export function parseErrorOf(code: string): { line: number; message: string } | undefined {
  try {
    vm.compileFunction(code, MODULE_PARAMETERS, { filename: "action.js" });
    return undefined;
  } catch (error) {
    if (!(error instanceof SyntaxError) && (error as Error)?.name !== "SyntaxError") throw error;
    const stack = String((error as Error).stack ?? "");
    const at = Number(/^action\.js:(\d+)/.exec(stack)?.[1] ?? 1);
    const lines = code.split("\n").length;
    return { line: Math.min(Math.max(at, 1), lines), message: (error as Error).message };
  }
}

/** `action-code-parses`: the action's code parses as a module of the Actions runtime. */
export function codeParses(resource: TenantResource): Violation[] {
  const code = resource.fields.code;
  if (resource.typeName !== "Action" || typeof code !== "string" || code === UNKNOWN) return [];
  const failure = parseErrorOf(code);
  if (!failure) return [];
  return [
    {
      message:
        `${named(resource)}: code line ${failure.line} does not parse: ${failure.message}. The tenant deploys it ` +
        "anyway, and the action then fails at every run of its trigger. Fix the code (node --check on a copy shows " +
        "the same error).",
    },
  ];
}

/**
 * `action-code-known-at-preview`: an action whose code is not known at preview, with the
 * resources it is built from (the engine's property dependencies of `code`). The code rules
 * judge it at `pulumi up`, once those exist and before the action is written. The engine hands
 * a policy such code as one unknown, not the text around the unknown parts (the program joins
 * them, and only once they are known), so no rule can judge part of it; the message says how to
 * make the code a literal instead.
 */
export function codeNotKnown(action: TenantResource, builtFrom: readonly TenantResource[]): Violation[] {
  if (action.typeName !== "Action" || action.fields.code !== UNKNOWN) return [];
  const from =
    builtFrom.length > 0
      ? `it is built from outputs of ${builtFrom.map(named).join(", ")} that do not exist yet`
      : "it is built from outputs that do not exist yet";
  return [
    {
      urn: action.urn,
      message:
        `${named(action)}: code is not known at this preview (${from}), so action-code-secrets and ` +
        "action-code-parses could not judge it here. pulumi up judges it once those values exist, before the " +
        "action is written, and stops there on a mandatory violation; a preview after they exist judges it too. To " +
        "have it judged at every preview, hand such a value to the code as a secret of the action (secrets: [{ name: " +
        '"FORM_ID", value: form.id }], read as event.secrets.FORM_ID): the code is then a literal.',
    },
  ];
}

/**
 * An exact version: `1.2.3`, with an optional pre-release or build (`1.2.3-beta.1`), written
 * with or without npm's `v` and `=` (`v1.2.3`, `=1.2.3`: npm installs that one version too).
 */
const EXACT_VERSION = /^=?v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** `action-dependencies-pinned`: every dependency at an exact version (no range, tag or `latest`). */
export function pinnedDependencies(resource: TenantResource): Violation[] {
  const dependencies = resource.fields.dependencies;
  if (resource.typeName !== "Action" || !Array.isArray(dependencies)) return [];
  return dependencies.flatMap((dependency, index) => {
    if (!isRecord(dependency)) return [];
    const version = dependency.version;
    if (version === UNKNOWN || (typeof version === "string" && EXACT_VERSION.test(version))) return [];
    const name = typeof dependency.name === "string" ? dependency.name : `#${index}`;
    const stated = version === undefined ? "no version" : `"${String(version)}"`;
    return [
      {
        message:
          `${named(resource)}: dependencies[${index}] ${name} has ${stated}, which the service resolves at each ` +
          "deploy: the code that runs can change without a change here. Pin an exact version (e.g. 1.2.3).",
      },
    ];
  });
}

/** Configuration of `action-runtime-supported`. */
export interface RuntimeConfig {
  /** Runtimes the service supports and recommends (default `node22`). */
  currentRuntimes?: string[];
  /** Runtimes the service still runs but has deprecated, each with where that is stated. */
  deprecatedRuntimes?: Record<string, string>;
}

/** The facts the defaults state, and where: Auth0's Actions runtime announcements. */
export const DEFAULT_RUNTIMES: Required<RuntimeConfig> = {
  currentRuntimes: ["node22"],
  deprecatedRuntimes: {
    node18:
      "Node 18 reached its end of life on 2025-04-30 and Auth0 deprecated the node18 Actions runtime (Auth0 docs, Actions: Node.js runtime versions)",
    node16:
      "Node 16 reached its end of life on 2023-09-11; Auth0 retired the node16 Actions runtime (Auth0 docs, Actions: Node.js runtime versions)",
    node12: "Node 12 reached its end of life on 2022-04-30; Auth0 retired the node12 Actions runtime",
  },
};

/** `action-runtime-supported`: a runtime the service supports, not a deprecated one. */
export function supportedRuntime(resource: TenantResource, config: RuntimeConfig): Violation[] {
  const runtime = resource.fields.runtime;
  if (resource.typeName !== "Action" || typeof runtime !== "string" || runtime === UNKNOWN) return [];
  const current = config.currentRuntimes ?? DEFAULT_RUNTIMES.currentRuntimes;
  if (current.includes(runtime)) return [];
  const deprecated = { ...DEFAULT_RUNTIMES.deprecatedRuntimes, ...config.deprecatedRuntimes };
  const why = deprecated[runtime] ?? `it is not one of the supported runtimes (${current.join(", ")})`;
  return [
    {
      message: `${named(resource)}: runtime "${runtime}": ${why}. Set runtime to ${current[0] ?? "a supported runtime"} and test the code on it.`,
    },
  ];
}
