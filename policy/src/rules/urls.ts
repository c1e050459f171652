/**
 * Outside calls: where a URL goes, judged by scheme and host. A value not known at preview
 * (another resource's output) or built from a template is left alone: the rules judge what
 * the configuration states.
 */
import { isTemplate } from "./literals";

/** The string the engine puts in place of a value it learns only when it applies the plan. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True for a URL the configuration states (a string, known, not a template). */
export const isStatedUrl = (value: unknown): value is string =>
  typeof value === "string" && value !== "" && !value.includes(UNKNOWN) && !isTemplate(value);

/** The host of `url` (lower case), or undefined when it is not a URL. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
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
