/**
 * The named string formats of the contract shared by several kinds. A kind's own formats
 * (the forms' `forms-custom-identifier`, …) sit in its files and the table of kinds
 * (`formats`), which also gives each id its format (`form-id`, `event-stream-id`, …). The
 * published schema names them without defining them; the definitions are the project's
 * reading of them, kept lenient (accept rather than refuse), and each has the message a
 * person sees when a value does not match.
 */
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

/** One format: how a value is judged and what a person is told when it is not. */
export interface FormatDefinition {
  validate(value: string): boolean;
  message: string;
}

/** The shared named formats, by name (registered on ajv by `createAjv`, with the table's). */
export const FORMATS: Record<string, FormatDefinition> = {
  "strict-https-uri": { validate: isStrictHttpsUri, message: "Must be an https:// URI" },
};
