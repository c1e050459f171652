/**
 * What a credential written into configuration looks like: the well-known token shapes of
 * the services a flow or an action calls, private keys, signed tokens, and header names
 * that carry credentials. Used by the rules that keep credentials in vault connections and
 * action secrets. A value built from a template (`{{actions.login.token}}`) is not a literal.
 */

/** Named shapes of credentials, each with what it is (the message says which matched). */
export const SECRET_SHAPES: readonly { name: string; pattern: RegExp }[] = [
  { name: "a private key", pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { name: "a signed token (JWT)", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { name: "an AWS access key id", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: "a Stripe secret key", pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b/ },
  { name: "a GitHub token", pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{30,}\b|\bgithub_pat_[0-9A-Za-z_]{40,}\b/ },
  { name: "a Slack token", pattern: /\bxox[abposr]-[0-9A-Za-z-]{10,}\b/ },
  { name: "a SendGrid key", pattern: /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}\b/ },
  { name: "a Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: "a bearer token", pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/ },
  {
    name: "a credential assigned in code",
    pattern: /\b(?:api[_-]?key|secret|password|passwd|token|client[_-]?secret)\b["']?\s*[:=]\s*["'][^"'\s]{12,}["']/i,
  },
];

/** The header names that carry credentials by default (compared without case). */
export const DEFAULT_CREDENTIAL_HEADERS = [
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "apikey",
  "x-auth-token",
  "x-access-token",
  "cookie",
];

/** True for a value computed from a template at run time (`{{…}}`): not a literal. */
export const isTemplate = (value: string): boolean => /\{\{[^}]*\}\}/.test(value);

/** The name of the first credential shape `text` holds, or undefined. */
export function secretShapeIn(text: string): string | undefined {
  return SECRET_SHAPES.find((shape) => shape.pattern.test(text))?.name;
}

/** True when `header` is one of `names` (without case), or a name that says it holds a secret, key or token. */
export function isCredentialHeader(header: string, names: readonly string[]): boolean {
  const lower = header.toLowerCase();
  return names.some((name) => name.toLowerCase() === lower) || /(?:secret|token|api[-_]?key|password)/.test(lower);
}

/** `value` with every string at any depth, each with its path below `at`. */
export function stringsIn(value: unknown, at: string): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${at}[${index}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${at}.${key}`));
  return [];
}
