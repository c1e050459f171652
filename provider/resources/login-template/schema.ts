/**
 * LoginTemplate inputs and `check`: at most 102400 characters, with the head and widget
 * tags the hosted login page needs.
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { KINDS } from "../../../api";
import { TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG, templateStringSchema } from "../../../api/resources/login-template";
import { type JsonObject, UNKNOWN, validateTree, withoutProvider } from "../../lifecycle/shared";

/** The id of the one template of a tenant. */
export const LOGIN_TEMPLATE_ID = KINDS.loginTemplate.singletonId;

/** Inputs of the template besides the markup: `adopt`, and the tenant namespace. */
const OTHER_INPUTS = new Set(["adopt", "tenant"]);

/** Validates the template; an unknown template (preview) is skipped. */
export function checkLoginTemplate(news: JsonObject): CheckResult {
  const { template, ...rest } = withoutProvider(news);
  const failures: CheckFailure[] = Object.keys(rest)
    .filter((key) => rest[key] !== undefined && !OTHER_INPUTS.has(key))
    .map((key) => ({ property: key, reason: "Additional properties not allowed" }));
  if (rest.adopt !== undefined && rest.adopt !== UNKNOWN && typeof rest.adopt !== "boolean") {
    failures.push({ property: "adopt", reason: "Must be a boolean" });
  }
  if (template === undefined) {
    failures.push({ property: "template", reason: "Missing required property" });
  } else if (template !== UNKNOWN) {
    const issues = validateTree(template, templateStringSchema, "template");
    failures.push(...issues);
    if (issues.length === 0 && typeof template === "string") {
      for (const tag of [TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG]) {
        if (!template.includes(tag)) {
          failures.push({ property: "template", reason: `The template must contain the tag ${tag}` });
        }
      }
    }
  }
  return { inputs: news, failures };
}
