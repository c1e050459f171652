/**
 * The benchmark's stack of mixed resources through the resource plugin, on the generated
 * Node SDK (sdk/nodejs): the same objects as ../tenant (dynamic providers), from ../scenario.ts.
 * The scenario spells inputs the API's way (`next_node`), as the dynamic classes take them;
 * the SDK takes the package schema's names (`nextNode`), so each input is renamed on the way.
 */
import * as tenant from "../../../sdk/nodejs";
import { kindOfTypeName, renameResource } from "../../../provider/schema/names";
import { declareScenario, PLAN_TYPES, type PlanType, type TenantModule } from "../scenario";

/** The SDK's class of `type`, taking the scenario's inputs (the API's names) and renaming them to the schema's. */
function renaming(type: PlanType) {
  const Sdk = tenant[type] as unknown as new (name: string, args: unknown, opts?: object) => { id: unknown };
  const kind = kindOfTypeName(type)!;
  return class {
    constructor(name: string, args: object, opts?: object) {
      return new Sdk(name, renameResource(kind, args as Record<string, unknown>, "toSchema"), opts);
    }
  };
}

const sdk = {
  ...Object.fromEntries(PLAN_TYPES.map((type) => [type, renaming(type)])),
  getRateLimitPolicyOutput: tenant.getRateLimitPolicyOutput,
} as unknown as TenantModule;

export = declareScenario(sdk);
