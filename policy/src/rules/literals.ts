/**
 * What a credential written into configuration looks like: the well-known token shapes of
 * the services a flow or an action calls, private keys, signed tokens, credentials in an
 * Authorization value or a URL, a literal assigned to a name that says it holds one, and
 * header names that carry credentials. Used by the rules that keep credentials in vault
 * connections and action secrets. A value built from a template (`{{actions.login.token}}`,
 * `${event.secrets.TOKEN}`) is not a literal.
 */

/** A named shape of credential: what it is (the message says which matched) and how to find it in a text. */
export interface SecretShape {
  name: string;
  found: (text: string) => boolean;
}

const shape = (name: string, pattern: RegExp): SecretShape => ({ name, found: (text) => pattern.test(text) });

/**
 * Where an Authorization value starts: at the start of a string (a flow's header value, a
 * quoted literal in code) or after `authorization:`/`authorization =`. Anchoring there keeps
 * prose such as "basic settings" or "token expired" out.
 */
const AUTH_START = String.raw`(?:^|["'\x60]|\bauthorization["']?\s*[:=]\s*["'\x60]?)\s*`;

/** `Basic <base64 of user:password>` with a literal value: decoded, it holds a colon between printable text. */
function basicCredentialIn(text: string): boolean {
  const pattern = new RegExp(`${AUTH_START}basic\\s+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=$])`, "gi");
  for (const match of text.matchAll(pattern)) {
    const decoded = Buffer.from(match[1]!, "base64").toString("latin1");
    if (/^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded)) return true;
  }
  return false;
}

/**
 * The words that end a name holding a credential (`GITHUB_TOKEN`, `githubToken`,
 * `stripe-secret`, `DB_PASSWORD`, `x-api-key`). The last word decides: `X-Token-Type`,
 * `tokenUrl` and `secretName` name something about a credential, not one.
 */
const CREDENTIAL_LAST_WORDS = new Set([
  "token",
  "secret",
  "password",
  "passwd",
  "passphrase",
  "apikey",
  "credential",
  "credentials",
]);
/** Words before `key` that make it a credential (`apiKey`, `ACCESS_KEY`): an idempotency or cache key is none. */
const KEY_QUALIFIERS = new Set(["api", "access", "secret", "private", "signing", "encryption", "master", "auth"]);

/** The words of a name: split at `_`, `-`, `.` and camelCase (`githubAPIToken` → github, api, token). */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_.\-$]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** True when `name` (an identifier, a key, a header name) names a credential by its last word. */
export function isCredentialName(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (CREDENTIAL_LAST_WORDS.has(last)) return true;
  return last === "key" && KEY_QUALIFIERS.has(words.at(-2) ?? "");
}

/**
 * True when `value`, found under a credential's name, reads as a secret rather than a name
 * or a reference: `minLength` characters or more, letters and digits both, and none of an
 * environment variable's name (`AUTH0_CLIENT_SECRET`), a URL or path, a value built at run
 * time (`${…}`, `{{…}}`) or a placeholder (`<your token>`). An error code (`invalid_token`)
 * or a type token (`pulumi:providers:tenant`) has no digit.
 */
export function isSecretLiteral(value: string, minLength: number): boolean {
  if (value.length < minLength || !/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  if (/^[A-Z][A-Z0-9_]*$/.test(value)) return false;
  return !/:\/\/|^\.{0,2}\/|\$\{|\{\{|^<.*>$/.test(value);
}

/**
 * A literal assigned to a credential's name: `NAME = "…"`, `NAME: "…"`, `"NAME": "…"`,
 * `obj.NAME = '…'`, of 12 or more characters that read as a secret ({@link isSecretLiteral}).
 */
function assignedCredentialIn(text: string): boolean {
  // A name, then `=` (not `==`, `=>`), `:` or `:=`, then a quoted literal.
  const pattern = /(["'\x60]?)([A-Za-z_$][\w$.-]*)\1\s*(?::=?|=(?![=>]))\s*(["'\x60])([^"'\x60\s]{12,})\3/g;
  for (const [, , name, , value] of text.matchAll(pattern)) {
    if (isCredentialName(name!.split(".").at(-1)!) && isSecretLiteral(value!, 12)) return true;
  }
  return false;
}

/** Named shapes of credentials, in the order they are tried. */
export const SECRET_SHAPES: readonly SecretShape[] = [
  shape("a private key", /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/),
  shape("a signed token (JWT)", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/),
  shape("an AWS access key id", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/),
  shape("a Stripe secret key", /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b/),
  shape("a GitHub token", /\b(?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{30,}\b|\bgithub_pat_[0-9A-Za-z_]{40,}\b/),
  // GitHub's classic tokens are 40 hex digits, as are commit hashes: only beside a word that says which it is.
  shape("a GitHub token (40 hex digits)", /^(?=.*(?:github|token)).*(?<![0-9a-fA-F])[0-9a-f]{40}(?![0-9a-fA-F])/is),
  shape("a Slack token", /\bxox[abposr]-[0-9A-Za-z-]{10,}\b/),
  shape("a SendGrid key", /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}\b/),
  shape("a Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/),
  shape("a bearer token", /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/),
  shape(
    "an Authorization token",
    new RegExp(
      `${AUTH_START}token\\s+(?=[A-Za-z0-9._~+/-]*\\d)(?=[A-Za-z0-9._~+/-]*[A-Za-z])[A-Za-z0-9._~+/-]{20,}`,
      "i",
    ),
  ),
  { name: "a Basic credential (base64 of user:password)", found: basicCredentialIn },
  shape(
    "a password in a URL (user:password@host)",
    /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'\x60{}]+:[^\s/?#@"'\x60{}]+@[^\s/?#"'\x60]/i,
  ),
  { name: "a credential assigned in code", found: assignedCredentialIn },
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
  return SECRET_SHAPES.find((candidate) => candidate.found(text))?.name;
}

/** True when `header` is one of `names` (without case), or a name whose last word says it holds a credential. */
export function isCredentialHeader(header: string, names: readonly string[]): boolean {
  const lower = header.toLowerCase();
  return names.some((name) => name.toLowerCase() === lower) || isCredentialName(header);
}

/** `value` with every string at any depth, each with its path below `at`. */
export function stringsIn(value: unknown, at: string): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${at}[${index}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${at}.${key}`));
  return [];
}
