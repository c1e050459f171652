/** LoginTemplate inputs → the `PUT /branding/templates/universal-login` body (pure). */
import type { JsonObject } from "../../lifecycle/shared";

/** The JSON object form of the PUT body: `{template}`. */
export function loginTemplatePayload(inputs: JsonObject): { template: string } {
  return { template: String(inputs.template) };
}
