/**
 * `getLoginTemplate` / `getLoginTemplateOutput`: read the tenant's hosted login page
 * template.
 */
import type * as pulumi from "@pulumi/pulumi";
import { NotFoundError } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "../../lookups/client";
import { readLoginTemplate } from "../../lookups/read";

/** Arguments of {@link getLoginTemplate}. */
export type GetLoginTemplateArgs = TenantSelector;

/** The template as the lookups return it: the field name of the `LoginTemplate` resource. */
export interface LoginTemplateResult {
  /** The markup. */
  template: string;
}

/** Reads the template with `client`; a tenant without one rejects with a {@link NotFoundError}. */
export async function findLoginTemplate(client: TenantClient): Promise<LoginTemplateResult> {
  const template = await readLoginTemplate(client, "look up");
  if (template === undefined) {
    throw new NotFoundError(
      { kind: "login page template", action: "look up" },
      `the tenant ${client.settings.domain} has no login page template (the default page is shown)`,
      "Set one with a LoginTemplate resource, or do not look it up",
    );
  }
  return { template };
}

/**
 * Reads the tenant's hosted login page template (scope `read:branding`): `{ template }`.
 * Rejects with a NotFoundError when the tenant has none.
 */
export async function getLoginTemplate(
  args: GetLoginTemplateArgs = {},
  opts?: LookupOptions,
): Promise<LoginTemplateResult> {
  return inProgram(args.tenant, () => findLoginTemplate(lookupClient(args.tenant, opts?.settings)));
}

/** {@link getLoginTemplate} as an Output. */
export function getLoginTemplateOutput(
  args: GetLoginTemplateArgs = {},
  opts?: LookupOptions,
): pulumi.Output<LoginTemplateResult> {
  return lookupOutput({}, () => getLoginTemplate(args, opts));
}
