/** The argument every resource takes to choose its tenant. */
import * as pulumiRuntime from "@pulumi/pulumi";
import { TYPE_MODULE, TYPE_NAMES, type ResourceKind } from "./tokens";
import type * as pulumi from "@pulumi/pulumi";

/** Arguments shared by every resource. */
export interface TenantArgs {
  /**
   * The configuration namespace of the tenant this object lives in: `"prod"` reads
   * `prod:domain`, `prod:clientId` and `prod:clientSecret` (or `prod:apiToken`), and
   * optionally `prod:audience`, `prod:timeoutSeconds`, `prod:maxRetries`, from the stack
   * configuration. Default `"tenant"` (`tenant:domain`, …, with the `AUTH0_*`
   * environment variables as fallbacks). Only this name is stored in state, never a
   * credential. Changing it replaces the object: it is created in the other tenant and
   * deleted from the old one.
   */
  tenant?: pulumi.Input<string>;
  /**
   * Take the adopted object (`adoptId`, or `adopt` of the template) over from the stack
   * that manages it. Without it, adopting an object another stack created or adopted
   * fails at preview, naming that stack. With it, this stack manages the object from now
   * on, and the other stack's `destroy` leaves it in the tenant.
   */
  force?: pulumi.Input<boolean>;
}

/**
 * The inputs every resource adds to its own: its `tenant`, `force`, and `managedBy`, the
 * resource's own URN (`urn:pulumi:<stack>::<project>::<type>::<name>`): the provider
 * records per object which stack manages it (see ownership.ts) and shows its warnings on
 * the resource's line. Only names are stored in state, never a credential.
 */
export function tenantInputs(
  args: TenantArgs,
  name: string,
  kind: ResourceKind,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const type = `pulumi-nodejs:dynamic/${TYPE_MODULE}:${TYPE_NAMES[kind]}`;
  // Without a parent the URN is known now: a plain string costs the program no Outputs (createUrn makes three).
  const managedBy = opts?.parent
    ? pulumiRuntime.createUrn(name, type, opts.parent)
    : `urn:pulumi:${pulumiRuntime.getStack()}::${pulumiRuntime.getProject()}::${type}::${name}`;
  // Only the keys the program set: each key of the props becomes an Output of the resource object.
  return {
    ...(args.tenant !== undefined ? { tenant: args.tenant } : {}),
    ...(args.force !== undefined ? { force: args.force } : {}),
    managedBy,
  };
}
