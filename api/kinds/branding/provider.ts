/**
 * The branding settings' own rules on the provider's side, run by the singleton lifecycle
 * (provider/lifecycle/singleton.ts): the resource manages the fields the program sets, so a
 * read is compared (and kept in the outputs) only as far as the program sets it.
 */
import type { ProviderHooks } from "../../table/provider-hooks";
import { isObject } from "../../json";

/**
 * `current` restricted to the fields `desired` sets, nested objects field by field (a field the
 * tenant lacks stays out; an object left empty is dropped). A value `desired` sets whole (a
 * colour, a gradient replacing a colour) is compared whole.
 */
export function managedPart(
  desired: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const [field, wanted] of Object.entries(desired)) {
    const value = current[field];
    if (value === undefined || wanted === undefined) continue;
    if (isObject(wanted) && isObject(value) && !isGradient(wanted)) {
      const inner = managedPart(wanted, value);
      if (Object.keys(inner).length > 0) part[field] = inner;
    } else part[field] = value;
  }
  return part;
}

/** A page background gradient: compared whole, never field by field. */
const isGradient = (value: Record<string, unknown>) => value.type === "linear-gradient";

/** The branding settings' provider hooks. */
export const brandingProviderHooks = {
  naming: { words: () => "branding" },
  generate: { comment: () => "The tenant's branding settings (colours, logo, favicon, font)." },
  singleton: {
    comparable: managedPart,
    isEmpty: (fields) => Object.values(fields).every((value) => value === undefined),
    describe: (fields) =>
      `${Object.keys(fields)
        .filter((field) => fields[field] !== undefined)
        .join(", ")} set`,
    noneMeans: "the tenant shows the default colours and logo",
  },
} as const satisfies ProviderHooks;
