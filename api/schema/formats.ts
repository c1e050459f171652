/**
 * The named string formats of the contract. The published schema names most of them
 * (`forms-custom-identifier`, `flow-id`, `forms-hex-color`, `forms-url-https`,
 * `forms-file-extension`, `form-id`, `event-stream-id`) without defining them; the
 * definitions here are the project's reading of them, kept lenient (accept rather than
 * refuse), and each has the message a person sees when a value does not match.
 */
import { isValidId } from "../ids";

/** The literal `next_node` value that points at a form's ending. */
export const FORM_ENDING_NODE = "$ending";

/** An `https://` URI with a host (what the API calls `strict-https-uri`). */
export function isStrictHttpsUri(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Identifiers of forms: node ids, component ids, hidden field keys, router rule ids. */
const CUSTOM_IDENTIFIER = /^[A-Za-z0-9_-]+$/;

/** One format: how a value is judged and what a person is told when it is not. */
export interface FormatDefinition {
  validate(value: string): boolean;
  message: string;
}

/** Every named format, by name (registered on ajv by `createAjv`). */
export const FORMATS: Record<string, FormatDefinition> = {
  "strict-https-uri": { validate: isStrictHttpsUri, message: "Must be an https:// URI" },
  "rate-limit-policy-id": {
    validate: (id) => isValidId("rateLimitPolicy", id),
    message: "Must be a rate limit policy id (rlp_…)",
  },
  "form-id": { validate: (id) => isValidId("form", id), message: "Must be a form id (ap_…)" },
  "event-stream-id": { validate: (id) => isValidId("eventStream", id), message: "Must be an event stream id (est_…)" },
  "forms-custom-identifier": {
    validate: (value) => CUSTOM_IDENTIFIER.test(value),
    message: "Must be an identifier of letters, digits, '_' and '-'",
  },
  // FormNodePointer: a node id or the ending (one format rather than an anyOf, for one clear message).
  "forms-node-pointer": {
    validate: (value) => value === FORM_ENDING_NODE || CUSTOM_IDENTIFIER.test(value),
    message: `Must be a node id (letters, digits, '_' and '-') or "${FORM_ENDING_NODE}"`,
  },
  // Flow ids are made by the tenant: `af_` and letters or digits (base58 in practice).
  "flow-id": {
    validate: (value) => /^af_[A-Za-z0-9]+$/.test(value),
    message: "Must be a flow id: af_ followed by letters and digits",
  },
  "forms-hex-color": {
    validate: (value) => /^#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(value),
    message: "Must be a hex color such as #1f2937",
  },
  "forms-url-https": { validate: isStrictHttpsUri, message: "Must be an https:// URL" },
  "forms-file-extension": {
    validate: (value) => /^\.?[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$/.test(value),
    message: "Must be a file extension such as pdf or .tar.gz",
  },
};

/** The message for a value that does not match `format`. */
export function formatMessage(format: string): string {
  return FORMATS[format]?.message ?? `Must be a valid ${format}`;
}
