/**
 * A form's plain facts: the fields a caller sets and the server adds, the server's default
 * `ending`, and the keys the API keeps as given. Apart from the entry (contract.ts), so that
 * the form's rules (provider.ts, tenant.ts), which the entry composes, read them without
 * importing the entry back. Where the secrets are is secrets.ts; the graph's `next_node`
 * references, node-references.ts.
 */

/** What the server stores when a form has no `ending`. */
export const DEFAULT_FORM_ENDING = { resume_flow: true } as const;

/** The top-level form fields a caller sets (the API's own names). */
export const FORM_FIELDS = [
  "name",
  "messages",
  "languages",
  "translations",
  "nodes",
  "start",
  "ending",
  "style",
] as const;

/** Fields the server adds to a form. */
export const FORM_SERVER_FIELDS = ["created_at", "updated_at", "embedded_at", "submitted_at"] as const;

/** Keys whose values the API keeps as given (components and router rule conditions are echoed exactly). */
export const FORM_OPAQUE_KEYS: ReadonlySet<string> = new Set(["components", "condition"]);
/** Opaque keys kept even when their value is empty (`condition: []`); an empty `components` is not echoed. */
export const FORM_KEPT_EMPTY_KEYS: ReadonlySet<string> = new Set(["condition"]);
