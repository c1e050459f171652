/** LoginTemplate responses → outputs, and diff (pure). */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import type { JsonObject } from "../shared";

/** Outputs from `GET /branding/templates/universal-login` (`{body}`). */
export function loginTemplateOutputs(response: { body?: unknown }): JsonObject {
  return { template: typeof response.body === "string" ? response.body : "" };
}

/** diff: the markup, character for character. */
export function diffLoginTemplate(olds: JsonObject, news: JsonObject): DiffResult {
  return { changes: olds.template !== news.template };
}
