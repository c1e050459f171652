/**
 * The LoginTemplate provider. The template is a singleton of the tenant: create and
 * update are the same idempotent PUT (201 created, 204 replaced), read is a GET
 * (`{body}` or a bare string), delete removes the template.
 */
import {
  TEMPLATE_STATUSES, UNIVERSAL_LOGIN_TEMPLATE_API_PATH as PATH, type UniversalLoginTemplateResponse,
} from "../../../api/resources/login-template";
import { ConflictError, FeatureUnavailableError, TenantError, unlessGone, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { withoutProvider } from "../shared";
import type { ResourceImplementation } from "../types";
import { loginTemplatePayload } from "./payload";
import { checkLoginTemplate, LOGIN_TEMPLATE_ID } from "./schema";
import { diffLoginTemplate, loginTemplateOutputs } from "./state";

const target = (action: string): ErrorTarget => ({ kind: "login page template", id: LOGIN_TEMPLATE_ID, action });

/** The template routes' own failures (402, 409) as errors that say what to do. */
function templateError(error: unknown): unknown {
  if (!(error instanceof TenantError)) return error;
  const details = { status: error.status, errorCode: error.errorCode };
  if (error.status === TEMPLATE_STATUSES.paymentRequired) {
    return new FeatureUnavailableError(error.target, "the tenant's plan does not include a custom login page template (402)",
      "Upgrade the tenant to a paid plan, or remove the LoginTemplate from the program", details);
  }
  if (error.status === TEMPLATE_STATUSES.conflict) {
    return new ConflictError(error.target, "a concurrent update of the template was in progress (409)",
      "Run `pulumi up` again", details);
  }
  return error;
}

async function templateCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw templateError(error);
  }
}

async function putTemplate(client: TenantClient, template: { template: string }, action: string): Promise<void> {
  await templateCall(client.request({ method: "PUT", path: PATH, body: template, target: target(action) }));
}

/** LoginTemplate: PUT, GET and DELETE on `/branding/templates/universal-login`. */
export const loginTemplateImplementation: ResourceImplementation = {
  check: (_olds, news) => checkLoginTemplate(news),

  diff: (_id, olds, news) => diffLoginTemplate(olds, withoutProvider(news)),

  async create(ctx, inputs) {
    const body = loginTemplatePayload(withoutProvider(inputs));
    // A singleton: this replaces whatever template the tenant had (documented on the class).
    await putTemplate(ctx.client(), body, "create");
    return { id: LOGIN_TEMPLATE_ID, outs: { template: body.template } };
  },

  async read(ctx) {
    const reply = await templateCall(unlessGone(ctx.client().get<UniversalLoginTemplateResponse>(PATH, target("read"))));
    if (!reply) return {};
    const outputs = loginTemplateOutputs(reply.data);
    return { id: LOGIN_TEMPLATE_ID, props: outputs, inputs: { ...outputs } };
  },

  async update(ctx, _id, _olds, news) {
    const body = loginTemplatePayload(withoutProvider(news));
    await putTemplate(ctx.client(), body, "update");
    return { outs: { template: body.template } };
  },

  async delete(ctx) {
    await templateCall(unlessGone(ctx.client().request({ method: "DELETE", path: PATH, target: target("delete") })));
  },
};
