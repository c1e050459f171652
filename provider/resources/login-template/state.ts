/** LoginTemplate responses → outputs, and diff (pure). */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import type { JsonObject } from "../shared";

/**
 * Outputs from `GET /branding/templates/universal-login`: the published answer is the
 * object `{body}` or a bare JSON string; both are read, or a bare string would show as
 * drift forever.
 */
export function loginTemplateOutputs(response: unknown): { template: string } {
  if (typeof response === "string") return { template: response };
  const body = (response as { body?: unknown } | null)?.body;
  return { template: typeof body === "string" ? body : "" };
}

/** diff: the markup, character for character. */
export function diffLoginTemplate(olds: JsonObject, news: JsonObject): DiffResult {
  return { changes: olds.template !== news.template };
}
