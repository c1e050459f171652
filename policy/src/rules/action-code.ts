/**
 * An action's code as the tenant will run it: code that does not parse (the service accepts
 * and deploys it, and every login then fails at run time), and code the pack cannot read at
 * preview because it is built from an output not known yet (`pulumi.interpolate` of a form's
 * id on a first preview), named so that a reviewer knows it was not judged there.
 */
import * as vm from "node:vm";
import { named, type TenantResource } from "../resources";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

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
 * judge it at `pulumi up`, once those exist and before the action is written.
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
        "action is written, and stops there on a mandatory violation; a preview after they exist judges it too.",
    },
  ];
}
