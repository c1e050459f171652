/**
 * The step matcher: the page a rehearsal sees, in words, set against the page a step expects;
 * values and claims set against what the journey expects. Pure: the runner observes, these judge,
 * and their words are the command's reasons ("expected the form `Sign-up`, saw the login screen `login`").
 */
import { isDeepStrictEqual } from "node:util";
import { USER_PLACEHOLDERS, type ExpectedPage } from "./journey";

/** A page as the rehearsal saw it. */
export type SeenPage =
  | {
      kind: "screen";
      /** The login box's screen (`login`, `login-id`, `signup`, `error`, ...). */
      screen: string;
      /** Its prompt, when the page says it (else the screen's name, as screens are named after their prompts). */
      prompt?: string;
      /** The page's alert (a wrong password, a blocked user), when it shows one. */
      alert?: string;
    }
  | {
      kind: "form-step";
      /** The form's id and name (from the tenant's trace and its forms), when known. */
      formId?: string;
      formName?: string;
      /** The STEP node shown. */
      step?: string;
      /** The fields' errors the step shows (a submission the form refused). */
      errors?: string[];
    }
  | {
      kind: "callback";
      /** The OAuth error at the callback (`access_denied`), and its description. */
      error?: string;
      description?: string;
    }
  | { kind: "other"; url: string; title?: string };

/** `text` quoted as the command's messages quote names. */
const quoted = (text: string) => `\`${text}\``;

/** The page a step expects, in words. */
export function describeExpected(page: ExpectedPage): string {
  if (page.form !== undefined)
    return `the form ${quoted(page.form)}${page.step ? ` at step ${quoted(page.step)}` : ""}`;
  const name = page.screen ?? page.prompt ?? "?";
  return page.screen && page.prompt && page.prompt !== page.screen
    ? `the login screen ${quoted(page.screen)} of prompt ${quoted(page.prompt)}`
    : `the login screen ${quoted(name)}`;
}

/** A page seen, in words. */
export function describeSeen(page: SeenPage): string {
  switch (page.kind) {
    case "screen":
      return `the login screen ${quoted(page.screen)}${page.alert ? ` saying "${page.alert}"` : ""}`;
    case "form-step": {
      const name = page.formName ?? page.formId ?? "(unknown)";
      const errors = page.errors?.length ? ` with errors: ${page.errors.join("; ")}` : "";
      return `the form ${quoted(name)}${page.step ? ` at step ${quoted(page.step)}` : ""}${errors}`;
    }
    case "callback":
      return page.error
        ? `the application's callback with error ${quoted(page.error)}${page.description ? ` ("${page.description}")` : ""}`
        : "the application's callback (the login ended)";
    case "other":
      return `a page that is neither a login screen nor a form (${page.url}${page.title ? `, "${page.title}"` : ""})`;
  }
}

/** Why `seen` is not the page `expected` names; undefined when it is. */
export function pageMismatch(expected: ExpectedPage, seen: SeenPage): string | undefined {
  const differs = () => `expected ${describeExpected(expected)}, saw ${describeSeen(seen)}`;
  if (expected.form !== undefined) {
    if (seen.kind !== "form-step") return differs();
    if (expected.form !== seen.formId && expected.form !== seen.formName) return differs();
    if (expected.step !== undefined && expected.step !== seen.step) return differs();
    return undefined;
  }
  if (seen.kind !== "screen") return differs();
  if (expected.screen !== undefined && expected.screen !== seen.screen) return differs();
  if (expected.prompt !== undefined && expected.prompt !== (seen.prompt ?? seen.screen)) return differs();
  return undefined;
}

/** A name safe in a file name: lower case letters, digits, `.`, `_` and `-`. */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "page"
  );
}

/** The page's part of its screenshot's name: `login`, `form-sign-up-step_details`, `callback`. */
export function pageLabel(page: SeenPage): string {
  switch (page.kind) {
    case "screen":
      return slug(page.screen);
    case "form-step":
      return slug(`form-${[page.formName ?? page.formId ?? "", page.step ?? ""].filter(Boolean).join("-")}`);
    case "callback":
      return "callback";
    case "other":
      return "page";
  }
}

/** The screenshot of the `index`-th page (from 1): `01-login.png`. */
export function screenshotName(index: number, page: SeenPage): string {
  return `${String(index).padStart(2, "0")}-${pageLabel(page)}.png`;
}

/** A filled value with the user's placeholders replaced (`{{user.email}}`, `{{user.password}}`). */
export function fillValue(value: string, user: { email: string; password: string }): string {
  return value.split(USER_PLACEHOLDERS.email).join(user.email).split(USER_PLACEHOLDERS.password).join(user.password);
}

/** A value as the messages show it, cut short. */
export function shown(value: unknown, max = 120): string {
  const json = value === undefined ? "nothing" : JSON.stringify(value);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
}

/**
 * Why `actual` does not hold what `expected` says (each key of `expected` present, objects compared
 * by the keys given, anything else equal); undefined when it does. `what` names them: `claim`,
 * `app_metadata`.
 */
export function subsetMismatch(
  expected: Record<string, unknown>,
  actual: Record<string, unknown> | undefined,
  what: string,
  prefix = "",
): string | undefined {
  for (const [key, wanted] of Object.entries(expected)) {
    const name = `${prefix}${key}`;
    const held = actual && Object.hasOwn(actual, key) ? actual[key] : undefined;
    if (held === undefined) {
      const keys = Object.keys(actual ?? {});
      const has = keys.length ? `it has ${keys.map((k) => `"${prefix}${k}"`).join(", ")}` : "it has none";
      return `${what} "${name}" missing (${has})`;
    }
    const isRecord = (value: unknown): value is Record<string, unknown> =>
      typeof value === "object" && value !== null && !Array.isArray(value);
    if (isRecord(wanted) && isRecord(held)) {
      const inner = subsetMismatch(wanted, held, what, `${name}.`);
      if (inner) return inner;
    } else if (!isDeepStrictEqual(wanted, held)) {
      return `${what} "${name}" is ${shown(held)}, expected ${shown(wanted)}`;
    }
  }
  return undefined;
}
