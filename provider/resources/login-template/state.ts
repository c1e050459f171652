/** LoginTemplate responses → outputs, and diff (pure). */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { templateMarkupOf } from "../../../api/resources/login-template";
import type { JsonObject } from "../../lifecycle/shared";

/**
 * Outputs from `GET /branding/templates/universal-login`, which answers `{body}` or the
 * bare markup (both are published): read either, or a bare string would show as drift
 * on every refresh.
 */
export function loginTemplateOutputs(response: unknown): { template: string } {
  return { template: templateMarkupOf(response) ?? "" };
}

/** diff: the markup, character for character. */
export function diffLoginTemplate(olds: JsonObject, news: JsonObject): DiffResult {
  return { changes: olds.template !== news.template };
}
