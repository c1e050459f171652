/**
 * The real service's rule for the login page template: it needs a custom domain on the
 * tenant (the Terraform provider refuses at plan, the deploy CLI skips the template, the
 * API answers 400 "This feature requires at least one custom domain…"). A program that puts
 * a template on a tenant without one must fail at preview here too, naming the fix.
 */
import { CUSTOM_DOMAINS_PATH, NO_CUSTOM_DOMAIN_CODE, NO_CUSTOM_DOMAIN_MESSAGE } from "../../../api";
import { FeatureUnavailableError, TenantError, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";

/** What to do about a tenant without a custom domain. */
export const CUSTOM_DOMAIN_REMEDY =
  "Add a custom domain to the tenant and verify it (the dashboard's Branding > Custom Domains, or POST " +
  "/api/v2/custom-domains then POST /api/v2/custom-domains/{id}/verify; a local tenant server starts with one " +
  "unless run with --no-custom-domain), or remove the LoginTemplate from the program";

/** The problem, for a tenant at `domain`. */
export function noCustomDomainProblem(domain: string): string {
  return `the tenant ${domain} has no custom domain, and a login page template needs one (the API answers "${NO_CUSTOM_DOMAIN_MESSAGE}")`;
}

/** True when `error` is the API's answer to a template call on a tenant without a custom domain. */
export function isNoCustomDomainAnswer(error: unknown): error is TenantError {
  return (
    error instanceof TenantError &&
    error.status === 400 &&
    (error.errorCode === NO_CUSTOM_DOMAIN_CODE || error.message.includes(NO_CUSTOM_DOMAIN_MESSAGE))
  );
}

/** The API's no-custom-domain answer as an error that names the fix; any other error as it is. */
export function customDomainError(error: unknown, domain: string): unknown {
  if (!isNoCustomDomainAnswer(error)) return error;
  return new FeatureUnavailableError(error.target, noCustomDomainProblem(domain), CUSTOM_DOMAIN_REMEDY, {
    status: error.status,
    errorCode: error.errorCode,
  });
}

/**
 * Whether the tenant has a custom domain: `false` when it lists none, `undefined` when it
 * cannot tell (the client lacks `read:custom_domains`, or the call failed: the template call
 * itself then says what is wrong).
 */
export async function tenantHasCustomDomain(client: TenantClient, target: ErrorTarget): Promise<boolean | undefined> {
  try {
    const reply = await client.get<unknown>(CUSTOM_DOMAINS_PATH, target);
    return Array.isArray(reply.data) ? reply.data.length > 0 : undefined;
  } catch {
    return undefined;
  }
}
