/**
 * The benchmark's stack of mixed resources through the resource plugin, on the generated
 * Node SDK (sdk/nodejs): the same objects as ../tenant (dynamic providers), from ../scenario.ts.
 * The scenario spells inputs the API's way (`next_node`), as the dynamic classes take them;
 * the SDK takes the package schema's names (`nextNode`), so each input is renamed on the way.
 */
import * as tenant from "../../../sdk/nodejs";
import { renameResource } from "../../../provider/schema/names";
import { declareScenario, type TenantModule } from "../scenario";

/** `args` of a resource of `kind` in the SDK's names: typed as the SDK's arguments `T`. */
const schemaNames = <T>(kind: string, args: object): T =>
  renameResource(kind, args as Record<string, unknown>, "toSchema") as unknown as T;

const sdk: TenantModule = {
  Form: class {
    constructor(name: string, args: object) {
      return new tenant.Form(name, schemaNames<tenant.FormArgs>("form", args));
    }
  },
  EventStream: class {
    constructor(name: string, args: object) {
      return new tenant.EventStream(name, schemaNames<tenant.EventStreamArgs>("eventStream", args));
    }
  },
  Flow: class {
    constructor(name: string, args: object) {
      return new tenant.Flow(name, schemaNames<tenant.FlowArgs>("flow", args));
    }
  } as unknown as TenantModule["Flow"],
  LoginTemplate: tenant.LoginTemplate,
  getRateLimitPolicyOutput: tenant.getRateLimitPolicyOutput,
};

export = declareScenario(sdk);
