/**
 * A step's submission as the browser posts it (urlencoded, parsed with bracket notation:
 * `tier[other]=…` arrives as `{tier: {other: …}}`, a repeated name as a list; or multipart, read
 * into the same shape with its files under {@link UPLOADS}) turned into what the validator reads:
 * each name's texts or files, the "other" answers under `<id>[other]`, the button pressed.
 * Anything else (objects, numbers, too many or too long values) is dropped or refused with a
 * message; nothing a browser sends can make it throw.
 */
import { FORM_ACTION_FIELD, OTHER_SUFFIX, type SubmittedFile, type SubmittedValue } from "../../../render/form";

/** Names a step's submission may carry at most (components, their "other" answers, the server's own). */
export const MAX_SUBMITTED_NAMES = 200;
/** Values one name may repeat at most (a multiple choice's options). */
export const MAX_VALUES_PER_NAME = 100;
/** Characters one value may have at most. */
export const MAX_VALUE_LENGTH = 10_000;
/** The names the server's own hidden inputs use, never a component's. */
export const SERVER_FIELDS = ["_csrf", "state"] as const;

/**
 * Where a multipart body keeps its files: a symbol, so no text field (whatever its name or
 * bracket notation) can pass for a file.
 */
export const UPLOADS = Symbol("uploads");

/** The files of a multipart body by field name, and why the body cannot be taken, if it cannot. */
export interface Uploads {
  files: Map<string, SubmittedFile[]>;
  /** A limit the body broke (shown on the step). */
  problem?: string;
}

/** The files a posted body carries (none unless it was multipart). */
function uploadsOf(posted: object): Uploads {
  const uploads = (posted as Record<symbol, unknown>)[UPLOADS] as Uploads | undefined;
  return uploads ?? { files: new Map() };
}

/** A submission read: values by name, the button pressed, or why it is refused. */
export interface ReadSubmission {
  values: Record<string, SubmittedValue>;
  action?: string;
  /** Why the submission cannot be taken (shown on the step). */
  problem?: string;
}

/** The texts of one posted value: a text, the texts of a list, the "other" answer of an object. */
function textsOf(value: unknown): { texts: string[]; other?: string } {
  if (typeof value === "string") return { texts: [value] };
  if (!Array.isArray(value)) {
    const other = typeof value === "object" && value !== null ? (value as Record<string, unknown>).other : undefined;
    return { texts: [], ...(typeof other === "string" ? { other } : {}) };
  }
  const texts: string[] = [];
  let other: string | undefined;
  for (const item of value) {
    if (typeof item === "string") texts.push(item);
    else other ??= textsOf(item).other;
  }
  return { texts, ...(other !== undefined ? { other } : {}) };
}

/** Reads the posted body of a step. */
export function readSubmission(body: unknown): ReadSubmission {
  const posted =
    typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const uploads = uploadsOf(posted);
  if (uploads.problem) return { values: {}, problem: uploads.problem };
  const names = Object.keys(posted);
  if (names.length + uploads.files.size > MAX_SUBMITTED_NAMES)
    return {
      values: {},
      problem: `The form sent ${names.length + uploads.files.size} fields; a step takes at most ${MAX_SUBMITTED_NAMES}.`,
    };
  const values = Object.create(null) as Record<string, SubmittedValue>;
  let action: string | undefined;
  for (const name of names) {
    if ((SERVER_FIELDS as readonly string[]).includes(name)) continue;
    const { texts, other } = textsOf(posted[name]);
    if (texts.length > MAX_VALUES_PER_NAME)
      return {
        values: {},
        problem: `The field "${name.slice(0, 100)}" was sent ${texts.length} times; at most ${MAX_VALUES_PER_NAME}.`,
      };
    const tooLong = [...texts, other ?? ""].some((text) => text.length > MAX_VALUE_LENGTH);
    if (tooLong)
      return {
        values: {},
        problem: `A value of "${name.slice(0, 100)}" is longer than ${MAX_VALUE_LENGTH} characters.`,
      };
    if (name === FORM_ACTION_FIELD) {
      action = texts[0];
      continue;
    }
    if (texts.length > 0) values[name] = texts.length === 1 ? texts[0] : texts;
    if (other !== undefined) values[`${name}${OTHER_SUFFIX}`] = other;
  }
  // A name sent with files is a FILE component's: its files stand, whatever text came with the same name.
  for (const [name, files] of uploads.files) {
    if (files.length > MAX_VALUES_PER_NAME)
      return {
        values: {},
        problem: `The field "${name.slice(0, 100)}" was sent ${files.length} files; at most ${MAX_VALUES_PER_NAME}.`,
      };
    if (!(SERVER_FIELDS as readonly string[]).includes(name) && name !== FORM_ACTION_FIELD) values[name] = files;
  }
  return { values, ...(action !== undefined ? { action } : {}) };
}
