/**
 * What a singleton kind's `check` knows without the tenant (provider/lifecycle/singleton.ts
 * makes the rest of its lifecycle): its facts from the table, its fields (its response
 * schema's), and its inputs against them.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindSpec, type JsonSchema, type KindSpec } from "../../api";
import { type JsonObject, UNKNOWN, validateTree, withoutProvider } from "./shared";

/** Inputs of a singleton besides its fields: `adopt`, and the tenant namespace. */
const OTHER_INPUTS = new Set(["adopt", "tenant"]);

/** The facts of singleton `name`, refused for a kind that is not one. */
export function singletonFacts(name: string): KindSpec {
  const spec = kindSpec(name);
  if (!spec) throw new Error(`no kind "${name}"`);
  const named = spec.singletonId !== undefined || spec.singletonKey !== undefined;
  if (spec.shape !== "singleton" || !named || !spec.provider?.singleton) {
    throw new Error(
      `kind "${name}" is not a singleton with its id and hooks (shape, singletonId or singletonKey, provider.singleton)`,
    );
  }
  return spec;
}

/** The fields of singleton `spec`: its response schema's. */
export const fieldsOf = (spec: KindSpec) => (spec.responseSchema.properties ?? {}) as Record<string, JsonSchema>;

/**
 * `check` of singleton `name`'s inputs without the tenant: its fields against its schema,
 * `adopt` a boolean, nothing else, then its own check hook (the template's tags); unknown
 * values (preview) skipped.
 */
export function checkSingletonInputs(name: string, news: JsonObject): { inputs: JsonObject; failures: CheckFailure[] } {
  const spec = singletonFacts(name);
  const properties = fieldsOf(spec);
  const fields = Object.keys(properties);
  const required = new Set((spec.responseSchema.required ?? []) as string[]);
  const inputs = withoutProvider(news);
  const failures: CheckFailure[] = Object.keys(inputs)
    .filter((key) => inputs[key] !== undefined && !fields.includes(key) && !OTHER_INPUTS.has(key))
    .map((key) => ({ property: key, reason: "Additional properties not allowed" }));
  if (inputs.adopt !== undefined && inputs.adopt !== UNKNOWN && typeof inputs.adopt !== "boolean") {
    failures.push({ property: "adopt", reason: "Must be a boolean" });
  }
  const issues = fields.flatMap((field) => {
    if (inputs[field] === undefined) {
      return required.has(field) ? [{ property: field, reason: "Missing required property" }] : [];
    }
    return validateTree(inputs[field], properties[field]!, field);
  });
  failures.push(...issues);
  const own = spec.provider?.check;
  if (issues.length === 0 && own) {
    const values = Object.fromEntries(fields.map((field) => [field, inputs[field]]));
    failures.push(...own(values, (value) => value === UNKNOWN).map(({ property, reason }) => ({ property, reason })));
  }
  return { inputs: news, failures };
}
