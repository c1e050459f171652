/**
 * The tenant policy pack's library: its policies and what they read objects with, for a pack of
 * your own that adds rules (`import { POLICIES, tenantResource } from "pulumi-tenant-policy"`).
 * Importing it starts no pack; the pack itself is pack.ts (the package's `main`, what
 * `pulumi preview --policy-pack` runs).
 */
export { POLICIES } from "./policies";
export { plainValue, tenantResource, typeNameOf, wireFields, type Door, type TenantResource } from "./resources";
export type { Violation } from "./rules/violation";
