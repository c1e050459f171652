/**
 * The LoginTemplate provider. The template is a singleton of the tenant: create and
 * update are the same idempotent PUT, read is a GET, delete removes the template.
 */
import type { UniversalLoginTemplate } from "../../../api/types";
import { unlessGone, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { withoutProvider } from "../shared";
import type { ResourceImplementation } from "../types";
import { loginTemplatePayload } from "./payload";
import { checkLoginTemplate, LOGIN_TEMPLATE_ID } from "./schema";
import { diffLoginTemplate, loginTemplateOutputs } from "./state";

const PATH = "/branding/templates/universal-login";
const target = (action: string): ErrorTarget => ({ kind: "login page template", id: LOGIN_TEMPLATE_ID, action });

async function putTemplate(client: TenantClient, template: { template: string }, action: string): Promise<void> {
  await client.request({ method: "PUT", path: PATH, body: template, target: target(action) });
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
    const reply = await unlessGone(ctx.client().get<UniversalLoginTemplate>(PATH, target("read")));
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
    await unlessGone(ctx.client().request({ method: "DELETE", path: PATH, target: target("delete") }));
  },
};
