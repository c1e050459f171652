/**
 * The program's tenant resources by configuration namespace, as the dynamic classes
 * construct them: a lookup that fails for the whole namespace waits for these (lookups/client.ts),
 * so the failure their `check` reports in full is not told a second time by the program.
 */
import type * as pulumi from "@pulumi/pulumi";
import { DEFAULT_NAMESPACE } from "../client/settings";

/** The program's resources by the namespace they named as a plain string (see {@link registeredIn}). */
const registered = new Map<string, pulumi.Resource[]>();

/**
 * Records, in the Pulumi program, that `resource` lives in namespace `tenant` (when it is
 * a plain string): a lookup that fails for the whole namespace waits for these, so the
 * failure their `check` reports in full is not told a second time by the program.
 */
export function noteTenantResource(resource: pulumi.Resource, tenant: unknown): void {
  if (tenant !== undefined && typeof tenant !== "string") return;
  const namespace = tenant ?? DEFAULT_NAMESPACE;
  registered.set(namespace, [...(registered.get(namespace) ?? []), resource]);
}

/** The resources of the program recorded in `namespace`. */
export function registeredIn(namespace: string): readonly pulumi.Resource[] {
  return registered.get(namespace) ?? [];
}
