/**
 * The tenant policy pack: `pulumi preview --policy-pack <this folder>` runs it. Its rules
 * are in policies.ts (and rules/, plain functions the tests call too).
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICIES } from "./policies";

export { POLICIES } from "./policies";
export { tenantResource, type TenantResource } from "./resources";

new PolicyPack("pulumi-tenant", { policies: POLICIES });
