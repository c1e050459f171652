/**
 * The LoginTemplate provider. The template is a singleton of the tenant: create and
 * update are the same idempotent PUT (201 created, 204 replaced), read is a GET
 * (`{body}` or a bare string), delete removes the template.
 */
import { KINDS } from "../../../api";
import { TEMPLATE_STATUSES, type UniversalLoginTemplateResponse } from "../../../api/resources/login-template";
import { ConflictError, FeatureUnavailableError, TenantError, unlessGone, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { type JsonObject, UNKNOWN, withoutProvider } from "../../lifecycle/shared";
import type { ProviderContext, ResourceImplementation } from "../../lifecycle/types";
import { customDomainError, CUSTOM_DOMAIN_REMEDY, noCustomDomainProblem, tenantHasCustomDomain } from "./custom-domain";
import { loginTemplatePayload } from "./payload";
import { checkLoginTemplate, LOGIN_TEMPLATE_ID } from "./schema";
import { diffLoginTemplate, loginTemplateOutputs } from "./state";

const PATH = KINDS.loginTemplate.path;

const target = (action: string): ErrorTarget => ({ kind: "login page template", id: LOGIN_TEMPLATE_ID, action });

/** The template routes' own failures (400 without a custom domain, 402, 409) as errors that say what to do. */
function templateError(error: unknown, domain: string): unknown {
  if (!(error instanceof TenantError)) return error;
  const withoutDomain = customDomainError(error, domain);
  if (withoutDomain !== error) return withoutDomain;
  const details = { status: error.status, errorCode: error.errorCode };
  if (error.status === TEMPLATE_STATUSES.paymentRequired) {
    return new FeatureUnavailableError(
      error.target,
      "the tenant's plan does not include a custom login page template (402)",
      "Upgrade the tenant to a paid plan, or remove the LoginTemplate from the program",
      details,
    );
  }
  if (error.status === TEMPLATE_STATUSES.conflict) {
    return new ConflictError(
      error.target,
      "a concurrent update of the template was in progress (409)",
      "Run `pulumi up` again",
      details,
    );
  }
  return error;
}

async function templateCall<T>(client: TenantClient, call: (client: TenantClient) => Promise<T>): Promise<T> {
  try {
    return await call(client);
  } catch (error) {
    throw templateError(error, client.settings.domain);
  }
}

async function putTemplate(client: TenantClient, template: { template: string }, action: string): Promise<void> {
  await templateCall(client, (c) => c.request({ method: "PUT", path: PATH, body: template, target: target(action) }));
}

/**
 * The real service takes a template only on a tenant with a custom domain: a preview that
 * would put one on a tenant without says so, and how to fix it, instead of `up` failing.
 */
async function requireCustomDomain(ctx: ProviderContext, inputs: JsonObject): Promise<CheckFailure[]> {
  if (typeof inputs.template !== "string" || inputs.template === UNKNOWN) return [];
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return []; // Not configured: the configuration error is reported once, elsewhere.
  }
  if ((await tenantHasCustomDomain(client, target("check"))) !== false) return [];
  return [
    { property: "template", reason: `${noCustomDomainProblem(client.settings.domain)}. ${CUSTOM_DOMAIN_REMEDY}` },
  ];
}

/**
 * The template is a singleton: a second stack (or a hand-made template) must not be taken
 * over by accident, since this resource's delete would then remove a template someone
 * else manages. Creating over a *different* existing template needs `adopt: true`.
 */
async function refuseSilentTakeover(ctx: ProviderContext, inputs: JsonObject): Promise<CheckFailure[]> {
  if (inputs.adopt === true || typeof inputs.template !== "string" || inputs.template === UNKNOWN) return [];
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return []; // Not configured: the configuration error is reported once, elsewhere.
  }
  const existing = await unlessGone(client.get<unknown>(PATH, target("check"))).catch(() => undefined);
  if (!existing) return [];
  const current = loginTemplateOutputs(existing.data).template;
  if (current === "" || current === inputs.template) return [];
  return [
    {
      property: "adopt",
      reason:
        `the tenant ${client.settings.domain} already has a different login page template (${current.length} characters), ` +
        "perhaps managed by another stack. Set `adopt: true` to take it over (this resource then replaces it, and deletes it on destroy), " +
        "or remove this resource",
    },
  ];
}

/** LoginTemplate: PUT, GET and DELETE on `/branding/templates/universal-login`. */
export const loginTemplateImplementation: ResourceImplementation = {
  async check(olds, news, ctx) {
    const checked = checkLoginTemplate(news);
    if (checked.failures?.length || !ctx) return checked;
    const creating = Object.keys(withoutProvider(olds)).length === 0;
    // Only a template about to be written needs the custom domain: an unchanged one costs no request
    // (a no-op preview or a drift check reads nothing more); a domain removed since shows at read.
    if (creating || olds.template !== news.template) {
      const withoutDomain = await requireCustomDomain(ctx, withoutProvider(news));
      if (withoutDomain.length > 0) return { inputs: news, failures: withoutDomain };
    }
    if (!creating) return checked;
    return { inputs: news, failures: await refuseSilentTakeover(ctx, withoutProvider(news)) };
  },

  diff: (_id, olds, news) => diffLoginTemplate(olds, withoutProvider(news)),

  async create(ctx, inputs) {
    const body = loginTemplatePayload(withoutProvider(inputs));
    // Taking over a template that already matches writes nothing, as adoptId does for the others.
    const current =
      inputs.adopt === true ? await unlessGone(ctx.client().get<unknown>(PATH, target("adopt"))) : undefined;
    // A singleton: this replaces whatever template the tenant had (check refused a silent takeover).
    if (!current || loginTemplateOutputs(current.data).template !== body.template)
      await putTemplate(ctx.client(), body, "create");
    return { id: LOGIN_TEMPLATE_ID, outs: withAdopt({ template: body.template }, inputs) };
  },

  async read(ctx, _id, props) {
    const reply = await templateCall(ctx.client(), (client) =>
      unlessGone(client.get<UniversalLoginTemplateResponse>(PATH, target("read"))),
    );
    if (!reply) return {};
    const outputs = withAdopt(loginTemplateOutputs(reply.data), props);
    return { id: LOGIN_TEMPLATE_ID, props: outputs, inputs: { ...outputs } };
  },

  async update(ctx, _id, _olds, news) {
    const body = loginTemplatePayload(withoutProvider(news));
    await putTemplate(ctx.client(), body, "update");
    return { outs: withAdopt({ template: body.template }, news) };
  },

  async delete(ctx) {
    await templateCall(ctx.client(), (client) =>
      unlessGone(client.request({ method: "DELETE", path: PATH, target: target("delete") })),
    );
  },
};

/** Outputs keep the program's `adopt` flag (so read hands back the program's shape). */
function withAdopt(outputs: JsonObject, inputs: JsonObject | undefined): JsonObject {
  return inputs?.adopt === undefined ? outputs : { ...outputs, adopt: inputs.adopt };
}
