/** The argument every resource takes to choose its tenant. */
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
}
