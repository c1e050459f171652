/**
 * The engine's floor: the tenant program's resources (the same scenario, ../scenario.ts:
 * forms, flows, webhook streams with their secret, actions and their bindings, the template) as dynamic resources whose
 * provider does nothing (create echoes the inputs, diff reports no change, no read or
 * delete). The inputs are the same, so the difference between the two programs is what
 * the project's providers add, not the size of the data.
 */
import * as pulumi from "@pulumi/pulumi";
import { declareScenario, PLAN_TYPES, type TenantModule } from "../scenario";

const noopProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${inputs.index}`, outs: inputs };
  },
  async diff() {
    return { changes: false };
  },
};

let created = 0;

/** A resource that exists only in state, with `props` as its inputs. */
class Noop extends pulumi.dynamic.Resource {
  constructor(type: string, name: string, props: object) {
    super(noopProvider, name, { index: created++, ...props }, undefined, "bench", type);
  }
}

const noop = {
  ...Object.fromEntries(
    PLAN_TYPES.map((type) => [
      type,
      class extends Noop {
        constructor(name: string, args: object) {
          super(type, name, args);
        }
      },
    ]),
  ),
  // The floor has no lookup: the scenario of the overhead section asks for none here.
  getRateLimitPolicyOutput: () => undefined,
} as unknown as TenantModule;

export = declareScenario(noop);
