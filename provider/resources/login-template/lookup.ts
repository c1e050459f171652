/** The reader of `getLoginTemplate` (provider/generated/): the tenant's hosted login page template. */
import { KINDS } from "../../../api";
import { NotFoundError, unlessGone } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import type { LookupReader } from "../../lifecycle/types";
import { customDomainError } from "./custom-domain";
import { loginTemplateOutputs } from "./state";

/**
 * The tenant's login page template markup, or `undefined` when the tenant has none (404).
 * A tenant without a custom domain (which a template needs) rejects with a
 * FeatureUnavailableError that names the fix.
 */
export async function readLoginTemplate(client: TenantClient, action = "read"): Promise<string | undefined> {
  const reply = await unlessGone(
    client.get<unknown>(KINDS.loginTemplate.path, { kind: "login page template", action }),
  ).catch((error: unknown) => {
    throw customDomainError(error, client.settings.domain);
  });
  if (!reply) return undefined;
  const { template } = loginTemplateOutputs(reply.data);
  return template === "" ? undefined : template;
}

/** Reads the template with `client`; a tenant without one rejects with a {@link NotFoundError}. */
export async function findLoginTemplate(client: TenantClient): Promise<{ template: string }> {
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

/** The readers of the table's login template lookups (the plugin's functions). */
export const loginTemplateReaders = {
  getLoginTemplate: (client) => findLoginTemplate(client),
} satisfies Record<string, LookupReader>;
