/**
 * The login page template's own rules on the provider's side, as hooks beside its entry
 * (login-template.ts): the singleton lifecycle (provider/lifecycle/singleton.ts) runs them.
 *
 * The real service takes a template only on a tenant with a custom domain (the Terraform
 * provider refuses at plan, the deploy CLI skips the template, the API answers 400 "This
 * feature requires at least one custom domain…"): a program that puts a template on a tenant
 * without one fails at preview, naming the fix, and `generate` leaves the template out with
 * a note. GET answers `{body}` or the bare markup (both are published): either is read, or a
 * bare string would show as drift on every refresh.
 */
import type { CheckIssue, ProviderHooks, TenantReader } from "../../table/provider-hooks";
import { CUSTOM_DOMAINS_PATH, NO_CUSTOM_DOMAIN_CODE, NO_CUSTOM_DOMAIN_MESSAGE } from "../../neighbours";

/** The markup tags the hosted login page template must contain. */
export const TEMPLATE_HEAD_TAG = "{%- auth0:head -%}";
export const TEMPLATE_WIDGET_TAG = "{%- auth0:widget -%}";

/** Statuses of the template routes beyond the usual ones, and what they mean. */
export const TEMPLATE_STATUSES = {
  created: 201,
  replaced: 204,
  paymentRequired: 402,
  conflict: 409,
} as const;

/** The markup of a GET answer, whichever shape it came in (`undefined` when it holds none). */
export function templateMarkupOf(response: unknown): string | undefined {
  if (typeof response === "string") return response;
  const body = (response as { body?: unknown } | null)?.body;
  return typeof body === "string" ? body : undefined;
}

/** What to do about a tenant without a custom domain. */
export const CUSTOM_DOMAIN_REMEDY =
  "Add a custom domain to the tenant and verify it (the dashboard's Branding > Custom Domains, or POST " +
  "/api/v2/custom-domains then POST /api/v2/custom-domains/{id}/verify; a local tenant server starts with one " +
  "unless run with --no-custom-domain), or remove the LoginTemplate from the program";

/** The problem, for a tenant at `domain`. */
export function noCustomDomainProblem(domain: string): string {
  return `the tenant ${domain} has no custom domain, and a login page template needs one (the API answers "${NO_CUSTOM_DOMAIN_MESSAGE}")`;
}

/**
 * Whether the tenant has a custom domain: `false` when it lists none, `undefined` when it
 * cannot tell (the client lacks `read:custom_domains`, or the call failed: the template call
 * itself then says what is wrong).
 */
async function tenantHasCustomDomain(tenant: TenantReader): Promise<boolean | undefined> {
  try {
    const listed = await tenant.get(CUSTOM_DOMAINS_PATH);
    return Array.isArray(listed) ? listed.length > 0 : undefined;
  } catch {
    return undefined;
  }
}

/** The tags a markup lacks, as check failures. */
function missingTags(template: unknown): CheckIssue[] {
  if (typeof template !== "string") return [];
  return [TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG]
    .filter((tag) => !template.includes(tag))
    .map((tag) => ({ property: "template", reason: `The template must contain the tag ${tag}` }));
}

/** The login page template's provider hooks. */
export const loginTemplateProviderHooks = {
  // The hosted login page cannot render without its head and widget tags.
  check: (fields, isUnknown) => (isUnknown(fields.template) ? [] : missingTags(fields.template)),
  naming: { words: () => "login template" },
  generate: { comment: () => "The hosted login page template (in login.html)." },
  singleton: {
    fromResponse: (answer) => ({ template: templateMarkupOf(answer) ?? "" }),
    isEmpty: (fields) => fields.template === "",
    describe: (fields) => `${String(fields.template).length} characters`,
    noneMeans: "the tenant shows the default page",
    failure({ status, errorCode, message }, domain) {
      if (status === 400 && (errorCode === NO_CUSTOM_DOMAIN_CODE || message.includes(NO_CUSTOM_DOMAIN_MESSAGE))) {
        const problem = noCustomDomainProblem(domain);
        return { as: "unavailable", problem, remedy: CUSTOM_DOMAIN_REMEDY, generateSkips: true };
      }
      if (status === TEMPLATE_STATUSES.paymentRequired) {
        return {
          as: "unavailable",
          problem: "the tenant's plan does not include a custom login page template (402)",
          remedy: "Upgrade the tenant to a paid plan, or remove the LoginTemplate from the program",
        };
      }
      if (status === TEMPLATE_STATUSES.conflict) {
        return {
          as: "conflict",
          problem: "a concurrent update of the template was in progress (409)",
          remedy: "Run `pulumi up` again",
        };
      }
      return undefined;
    },
    // Only a template about to be written needs the custom domain; a domain removed since shows at read.
    async checkWrite(inputs, tenant) {
      if (typeof inputs.template !== "string") return [];
      if ((await tenantHasCustomDomain(tenant)) !== false) return [];
      return [{ property: "template", reason: `${noCustomDomainProblem(tenant.domain)}. ${CUSTOM_DOMAIN_REMEDY}` }];
    },
    noneFound: {
      problem: "has no login page template (the default page is shown)",
      remedy: "Set one with a LoginTemplate resource, or do not look it up",
    },
    files: { template: "login.html" },
  },
} as const satisfies ProviderHooks;
