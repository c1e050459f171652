/**
 * The login page's markup: what the page template and the screen partials load and run. Scripts,
 * stylesheets, frames, embedded objects, a `<base>` and a form's target come only from the login
 * page's own domain or an allowed origin; partials carry no inline script, no event handler
 * attribute and no `javascript:` URL. The page template is the whole page's own code (it may hold
 * inline scripts unless configured otherwise); a partial is a fragment inserted into the login
 * box next to the password field, where code is hardest to review and most harmful.
 */
import { named, isRecord, type TenantResource } from "../resources";
import { attributeOf, elementsOf, LIQUID_OUTPUT, LIQUID_TAG, type Element } from "./markup";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** One piece of markup of a resource: where it is (`template`, `screens.login.form-content-start`) and its text. */
export interface MarkupPiece {
  at: string;
  text: string;
  /** True for a partial; false for the page template. */
  partial: boolean;
}

/** The markup a resource holds: the template of a LoginTemplate, each partial of a PromptScreenPartials. */
export function markupOf(resource: TenantResource): MarkupPiece[] {
  const known = (text: unknown): text is string => typeof text === "string" && !text.includes(UNKNOWN);
  if (resource.typeName === "LoginTemplate") {
    const template = resource.fields.template;
    return known(template) ? [{ at: "template", text: template, partial: false }] : [];
  }
  if (resource.typeName !== "PromptScreenPartials" || !isRecord(resource.fields.screens)) return [];
  return Object.entries(resource.fields.screens).flatMap(([screen, points]) =>
    isRecord(points)
      ? Object.entries(points).flatMap(([point, text]) =>
          known(text) ? [{ at: `screens.${screen}.${point}`, text, partial: true }] : [],
        )
      : [],
  );
}

/** Where the markup's relative URLs resolve: the login page's own origin (the tenant's custom domain). */
const PAGE_BASE = "https://login-page.invalid/";
const PAGE_ORIGIN = new URL(PAGE_BASE).origin;

/** The elements of a piece of markup: a partial read as a fragment, the template as a whole document. */
const elementsOfPiece = (piece: MarkupPiece): Element[] =>
  elementsOf(piece.text, piece.partial ? "fragment" : "document");

/** A URL as a message shows it: quoted, control characters escaped, Liquid as `{{…}}` and `{%…%}`. */
const shown = (url: string): string =>
  JSON.stringify(url.split(LIQUID_OUTPUT).join("{{…}}").split(LIQUID_TAG).join("{%…%}"));

/** `<link rel>` values that make the browser fetch (and, for a stylesheet or module, apply or run) a resource. */
const LOADING_RELS = new Set(["stylesheet", "preload", "modulepreload", "prefetch", "import"]);

/** What an element loads: each URL it takes from an attribute (or an `@import` of its CSS), with what it does. */
export function loadsOf(element: Element): { url: string; what: string; written: string }[] {
  const load = (attribute: string, what: string) => {
    const url = attributeOf(element, attribute);
    return url === undefined ? [] : [{ url, what, written: `<${element.tag} ${attribute}=${shown(url)}>` }];
  };
  switch (element.tag) {
    case "script":
      return load("src", "loads a script");
    case "link": {
      const rels = (attributeOf(element, "rel") ?? "").toLowerCase().split(/\s+/);
      return rels.some((rel) => LOADING_RELS.has(rel)) ? load("href", "loads a stylesheet or script") : [];
    }
    case "iframe":
    case "frame":
      return load("src", "frames a page");
    case "object":
      return load("data", "embeds an object");
    case "embed":
      return load("src", "embeds an object");
    case "base":
      return load("href", "moves every relative URL of the page");
    case "form":
      return load("action", "sends the form");
    case "button":
    case "input":
      return load("formaction", "sends the form");
    case "style":
      return importsOf(element.text ?? "").map((url) => ({
        url,
        what: "imports a stylesheet",
        written: `@import ${shown(url)}`,
      }));
    default:
      return [];
  }
}

/** The URLs a stylesheet's `@import`s name (`@import url("…")`, `@import '…'`). */
export function importsOf(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, " ");
  return [...withoutComments.matchAll(/@import\s+(?:url\(\s*(["']?)([^"')]*)\1\s*\)|(["'])([^"']*)\3)/gi)].map(
    (match) => (match[2] ?? match[4] ?? "").trim(),
  );
}

/** Configuration of `login-page-allowed-origins`. */
export interface AllowedOriginsConfig {
  /** Origins the login page may load from: `https://cdn.example.com`, `https://*.example.com` (its subdomains). */
  allowedOrigins?: string[];
  /** Whether the page template may hold inline scripts (default true): the template is the page's own code. */
  templateInlineScripts?: boolean;
}

/** True when `origin` (`https://cdn.example.com`) is on `allowed`: the same origin, or a subdomain of a `*.` entry. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const target = new URL(origin);
  return allowed.some((entry) => {
    const wildcard = /^([a-z][a-z0-9+.-]*:\/\/)\*\.(.+)$/i.exec(entry.trim());
    try {
      if (!wildcard) return new URL(entry.trim()).origin === origin;
      const pattern = new URL(`${wildcard[1]}${wildcard[2]}`);
      return (
        pattern.protocol === target.protocol &&
        pattern.port === target.port &&
        target.hostname.endsWith(`.${pattern.hostname}`)
      );
    } catch {
      return false;
    }
  });
}

/**
 * True when a URL holding a Liquid output has its origin written literally before it: an absolute
 * URL whose authority ends before the output (`https://cdn.example.com/{{v}}/a.js`), a root-relative
 * path (`/assets/{{v}}.js`) or a relative one whose first segment is written (`assets/{{v}}.js`).
 */
function originWrittenBefore(url: string): boolean {
  // As the URL parser reads it: leading C0 controls and spaces dropped, tabs and newlines dropped anywhere.
  const before = url
    .slice(0, url.indexOf(LIQUID_OUTPUT))
    .replace(/^[\u0000-\u0020]+/, "") // eslint-disable-line no-control-regex
    .replace(/[\t\n\r]/g, "");
  return (
    /^[a-z][a-z0-9+.-]*:[/\\]{2}[^/\\?#]*[/\\?#]/i.test(before) ||
    /^[/\\]{2}[^/\\?#]*[/\\?#]/.test(before) ||
    /^[/\\][^/\\]/.test(before) ||
    /^[^/\\:?#]+[/?#]/.test(before)
  );
}

/** The origin a loaded URL reaches, `undefined` for the page's own; or why it cannot be judged allowed. */
export function judgeUrl(url: string, allowed: readonly string[]): { problem: string } | undefined {
  // A Liquid tag inside a URL (`{% if %}…{% endif %}`) writes text known only at render, as an output does.
  url = url.split(LIQUID_TAG).join(LIQUID_OUTPUT);
  if (url.includes(LIQUID_OUTPUT)) {
    if (!originWrittenBefore(url))
      return { problem: "has its origin built by Liquid, known only when the page renders" };
    url = url.split(LIQUID_OUTPUT).join("x");
  }
  let parsed: URL;
  try {
    parsed = new URL(url, PAGE_BASE);
  } catch {
    return undefined; // Nothing the browser can load.
  }
  const scheme = parsed.protocol;
  if (scheme === "javascript:" || scheme === "vbscript:") return undefined; // login-partials-no-inline-code's.
  if (scheme === "about:") return undefined;
  if (scheme !== "https:" && scheme !== "http:")
    return { problem: `is a ${scheme} URL, whose content is written inline or made by the page` };
  if (parsed.origin === PAGE_ORIGIN || originAllowed(parsed.origin, allowed)) return undefined;
  return { problem: `reaches ${parsed.origin}, which is not on allowedOrigins` };
}

/** JavaScript MIME types and the types that make a `<script>` run (or steer what runs: `importmap`). */
const SCRIPT_TYPES =
  /^(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/(?:jscript|livescript)|text\/javascript1\.[0-5]|module|importmap)$/;

/** True for a `<script>` the browser runs (or reads as an import map): not a data block (`application/ld+json`). */
export function runsScript(element: Element): boolean {
  const type = (attributeOf(element, "type") ?? "").trim().toLowerCase();
  return type === "" || SCRIPT_TYPES.test(type.split(";")[0]!.trim());
}

/** `login-page-allowed-origins`: what the template and the partials load comes from allowed origins; no inline script in a partial. */
export function allowedOrigins(resource: TenantResource, config: AllowedOriginsConfig): Violation[] {
  const allowed = config.allowedOrigins ?? [];
  const templateInline = config.templateInlineScripts ?? true;
  return markupOf(resource).flatMap((piece) =>
    elementsOfPiece(piece).flatMap((element): Violation[] => {
      const found = loadsOf(element).flatMap(({ url, what, written }) => {
        const judged = judgeUrl(url, allowed);
        if (!judged) return [];
        return [
          `${named(resource)}: ${piece.at} ${written} ${what} whose URL ${judged.problem}. ` +
            "Serve it from the login page's own domain (a relative URL), write an allowed origin literally, or, if " +
            "the origin is trusted, add it to the rule's allowedOrigins (`https://cdn.example.com`, `https://*.example.com`).",
        ];
      });
      const inline =
        element.tag === "script" &&
        attributeOf(element, "src") === undefined &&
        runsScript(element) &&
        (element.text ?? "").trim() !== "" &&
        (piece.partial || !templateInline);
      if (inline)
        found.push(
          `${named(resource)}: ${piece.at} holds an inline <script>. ` +
            (piece.partial
              ? "A partial runs inside the login box, next to the password: move the code to a file served from the " +
                "login page's domain or an allowed origin, loaded by the page template."
              : "templateInlineScripts is false: move the code to a file served from the login page's domain or an " +
                "allowed origin."),
        );
      return found.map((message) => ({ message }));
    }),
  );
}

/** Attributes whose value the browser follows as a URL (where a `javascript:` URL runs code). */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "data",
  "xlink:href",
  "poster",
  "background",
  "cite",
  "longdesc",
  "codebase",
  "lowsrc",
  "dynsrc",
]);

/** True for a URL that runs code (`javascript:`, `vbscript:`), however it is spelt (case, entities, tabs, leading spaces). */
export function isScriptUrl(value: string): boolean {
  // The URL parser drops leading and trailing C0 controls and spaces, and tabs and newlines anywhere.
  const stripped = value
    .replace(/^[\u0000-\u0020]+/, "") // eslint-disable-line no-control-regex
    .replace(/[\t\n\r]/g, "");
  return /^(?:javascript|vbscript):/i.test(stripped);
}

/** Configuration of `login-partials-no-inline-code`. */
export interface InlineCodeConfig {
  /** Whether the page template is judged too (default false: the template is the page's own code). */
  includeTemplate?: boolean;
}

/** `login-partials-no-inline-code`: no event handler attribute (`onclick=`) and no `javascript:` URL in a partial. */
export function noInlineCode(resource: TenantResource, config: InlineCodeConfig = {}): Violation[] {
  return markupOf(resource)
    .filter((piece) => piece.partial || config.includeTemplate === true)
    .flatMap((piece) =>
      elementsOfPiece(piece).flatMap((element) => {
        const refresh = (attributeOf(element, "http-equiv") ?? "").toLowerCase() === "refresh";
        return element.attributes.flatMap(({ name, value }): Violation[] => {
          const where = `${named(resource)}: ${piece.at} <${element.tag} ${name}=…>`;
          if (/^on[a-z]/.test(name))
            return [
              {
                message:
                  `${where} is an inline event handler, code run by the login page. Remove it; attach the handler ` +
                  "from a script file served from the login page's domain or an allowed origin.",
              },
            ];
          const url = refresh && name === "content" ? value.replace(/^[^;]*;\s*url\s*=\s*/i, "") : value;
          if ((URL_ATTRIBUTES.has(name) || (refresh && name === "content")) && isScriptUrl(url))
            return [
              {
                message:
                  `${where} is a javascript: URL, code run by the login page. Link to a real URL, or run the code ` +
                  "from a script file served from the login page's domain or an allowed origin.",
              },
            ];
          return [];
        });
      }),
    );
}
