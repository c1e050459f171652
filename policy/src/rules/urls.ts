/**
 * Outside calls: where a URL goes, judged by scheme and host. A value not known at preview
 * (another resource's output) is left alone: the rules judge what the configuration states.
 * A URL built from a template (`http://{{vars.crm_host}}/x`) is judged by what it writes
 * literally: its scheme when that is written, and its host only when that is written too.
 */
import { isTemplate } from "./literals";

/** The string the engine puts in place of a value it learns only when it applies the plan. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True for a URL the configuration states (a string, known, not a template). */
export const isStatedUrl = (value: unknown): value is string =>
  typeof value === "string" && value !== "" && !value.includes(UNKNOWN) && !isTemplate(value);

/** True for a URL known at preview (a string, not the engine's unknown), literal or templated. */
export const isKnownUrl = (value: unknown): value is string =>
  typeof value === "string" && value !== "" && !value.includes(UNKNOWN);

/** The scheme a URL writes literally (`http`, lower case), or undefined (none, or built from a template). */
export const literalSchemeOf = (url: string): string | undefined =>
  /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();

/** The host of `url` (lower case), or undefined when it is not a URL. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The host part of a URL as written, for a URL whose host is built from a template:
 * `http://{{vars.crm_host}}:8443/x` → `{{vars.crm_host}}`, `{{vars.base}}/x` → `{{vars.base}}`
 * (user and port left out). Undefined when the host is written literally.
 */
export function templatedHostOf(url: string): string | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? "";
  // A template may hold `/`: the host ends at the first `/`, `?` or `#` outside `{{…}}`.
  const rest = url.slice(scheme.length);
  const authority = /^(?:\{\{[^}]*\}\}|[^/?#{])*/.exec(rest)?.[0] ?? "";
  const host = authority.replace(/^.*@/, "").replace(/:\d+$/, "");
  return isTemplate(host) || (scheme === "" && isTemplate(url)) ? host || url : undefined;
}

/** True when `url` is `https://`. */
export const isHttps = (url: string): boolean => /^https:\/\//i.test(url);

/**
 * True when `host` is on `allowed`: an exact host (`api.example.com`) or a wildcard for the
 * subdomains of one (`*.example.com`, which does not match `example.com` itself).
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host !== pattern.slice(2) : host === pattern;
  });
}
