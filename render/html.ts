/** Escaping for the hosted login's HTML: every value that is not the renderer's own markup goes through it. */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** `value` as HTML text or a quoted attribute value. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"'`]/g, (character) => ENTITIES[character]);
}

/** A colour the tenant configured, or the fallback when it is not a plain CSS colour (nothing else reaches the style sheet). */
export function safeColour(value: unknown, fallback: string): string {
  return typeof value === "string" && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\([\d\s.,%]{1,40}\))$/.test(value)
    ? value
    : fallback;
}

/** An http(s) address the tenant configured, or undefined (a `javascript:` logo must not reach the page). */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
