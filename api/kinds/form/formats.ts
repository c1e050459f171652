/**
 * The forms' named string formats (the published schema names them without defining them):
 * identifiers, node pointers, flow ids, colors, https URLs, file extensions. Registered on
 * Ajv through the table of kinds (`formats` of the form's entry).
 */
import { isStrictHttpsUri, type FormatDefinition } from "../../schema/formats";

/** The literal `next_node` value that points at a form's ending. */
export const FORM_ENDING_NODE = "$ending";

/** Identifiers of forms: node ids, component ids, hidden field keys, router rule ids. */
const CUSTOM_IDENTIFIER = /^[A-Za-z0-9_-]+$/;

/** The forms' formats, by name. */
export const FORM_FORMATS: Readonly<Record<string, FormatDefinition>> = {
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
