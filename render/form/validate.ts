/**
 * A step's submission checked and parsed per component type: required fields, lengths,
 * email, URL, phone, number and date formats, number bounds, options of choices, password
 * complexity, file types (extensions and categories), sizes and counts. Error texts are the
 * form's `messages.errors` (in the request's language when translated), else English. Blocks
 * and stand-ins carry no value.
 */
import { DEFAULT_MAX_FILE_SIZE, fileAccepted } from "./files";
import { findStep } from "./nodes";
import { configOf, isRequired } from "./parts";
import { errorText, formLanguage, type FormErrorKey } from "./text";
import {
  OTHER_SUFFIX,
  OTHER_VALUE,
  type FormComponent,
  type RenderableForm,
  type SubmittedFile,
  type SubmittedValue,
} from "./types";

/** What a step's submission became: values by component id, and errors by component id. */
export interface StepValidation {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/** Types whose component carries no value here (blocks, and stand-ins the service fills). */
const NO_VALUE = new Set(["PAYMENT", "SOCIAL", "RECAPTCHA", "AUTH0_VERIFIABLE_CREDENTIALS"]);

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^\+?[0-9 ().-]{4,32}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A failed rule: the error's key and the limits its text names. */
type Failure = { key: FormErrorKey; limits?: Record<string, number> };
type Parsed = { value?: unknown; failure?: Failure };

const texts = (submitted: SubmittedValue): string[] =>
  (Array.isArray(submitted) ? submitted : submitted === undefined ? [] : [submitted]).filter(
    (item): item is string => typeof item === "string",
  );
const first = (submitted: SubmittedValue) => texts(submitted)[0]?.trim() ?? "";
const num = (value: unknown) => (typeof value === "number" ? value : undefined);

/** Length limits of TEXT, TEL and PASSWORD. */
function lengths(value: string, config: Record<string, unknown>): Failure | undefined {
  const min = num(config.min_length);
  const max = num(config.max_length);
  if (min !== undefined && value.length < min) return { key: "ERR_MIN_LENGTH", limits: { min } };
  if (max !== undefined && value.length > max) return { key: "ERR_MAX_LENGTH", limits: { max } };
  return undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return (
    date.getUTCFullYear() === Number(match[1]) &&
    date.getUTCMonth() === Number(match[2]) - 1 &&
    date.getUTCDate() === Number(match[3])
  );
}

/** Password complexity: lower and upper case letters, a digit and another character. */
const complex = (value: string) =>
  /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);

/** The chosen options of CHOICE, DROPDOWN and CARDS (the "other" text when allowed). */
function choices(component: FormComponent, submitted: SubmittedValue, other: string): Parsed {
  const config = configOf(component);
  const allowed = new Set((Array.isArray(config.options) ? config.options : []).map((option) => String(option?.value)));
  const otherAllowed = (config.allow_other as { enabled?: unknown } | undefined)?.enabled === true;
  const picked = texts(submitted)
    .filter((value) => value !== "")
    .map((value) => (value === OTHER_VALUE && otherAllowed ? other : value))
    .filter((value) => value !== "");
  if (picked.some((value) => !allowed.has(value) && !(otherAllowed && value === other)))
    return { failure: { key: "ERR_INVALID_OPTION" } };
  const multiple = config.multiple === true;
  if (!multiple && picked.length > 1) return { failure: { key: "ERR_INVALID_OPTION" } };
  return { value: multiple ? picked : picked[0] };
}

/** Files: count, extensions and categories, size (the component's `maxSize`, else {@link DEFAULT_MAX_FILE_SIZE}). */
function files(config: Record<string, unknown>, submitted: SubmittedValue): Parsed {
  const sent = (Array.isArray(submitted) ? submitted : []).filter(
    (item): item is SubmittedFile => typeof item === "object" && item !== null,
  );
  const maxFiles = num(config.maxFiles) ?? (config.multiple === true ? undefined : 1);
  if (maxFiles !== undefined && sent.length > maxFiles)
    return { failure: { key: "ERR_FILE_COUNT", limits: { max: maxFiles } } };
  if (sent.some((file) => !fileAccepted(config, file))) return { failure: { key: "ERR_FILE_TYPE" } };
  const maxSize = num(config.maxSize) ?? DEFAULT_MAX_FILE_SIZE;
  if (sent.some((file) => file.size > maxSize)) return { failure: { key: "ERR_FILE_SIZE", limits: { max: maxSize } } };
  return { value: sent.length > 0 ? sent : undefined };
}

/** One component's value parsed, or the rule it fails; `undefined` value: nothing given. */
function parse(component: FormComponent, submitted: SubmittedValue, other: string): Parsed {
  const config = configOf(component);
  const value = first(submitted);
  switch (component.type) {
    case "BOOLEAN":
    case "LEGAL": {
      const given = texts(submitted);
      if (given.length === 0)
        return { value: component.type === "LEGAL" || config.options === undefined ? false : undefined };
      return { value: given.includes("true") || given.includes("on") };
    }
    case "CHOICE":
    case "DROPDOWN":
    case "CARDS":
      return choices(component, submitted, other.trim());
    case "FILE":
      return files(config, submitted);
  }
  if (value === "") return {};
  switch (component.type) {
    case "EMAIL":
      return EMAIL.test(value) ? { value } : { failure: { key: "ERR_INVALID_EMAIL" } };
    case "URL":
      return isHttpUrl(value) ? { value } : { failure: { key: "ERR_INVALID_URL" } };
    case "NUMBER": {
      const number = Number(value);
      if (!Number.isFinite(number)) return { failure: { key: "ERR_INVALID_NUMBER" } };
      const min = num(config.min_value);
      const max = num(config.max_value);
      if (min !== undefined && number < min) return { failure: { key: "ERR_MIN_VALUE", limits: { min } } };
      if (max !== undefined && number > max) return { failure: { key: "ERR_MAX_VALUE", limits: { max } } };
      return { value: number };
    }
    case "TEL":
      if (!PHONE.test(value) || value.replace(/\D/g, "").length < 4) return { failure: { key: "ERR_INVALID_PHONE" } };
      return { value, failure: lengths(value, config) };
    case "DATE":
      if (config.format === "TIME") return TIME.test(value) ? { value } : { failure: { key: "ERR_INVALID_TIME" } };
      return isDate(value) ? { value } : { failure: { key: "ERR_INVALID_DATE" } };
    case "PASSWORD": {
      const password = texts(submitted)[0] ?? "";
      const failure =
        lengths(password, config) ??
        (config.complexity === true && !complex(password) ? { key: "ERR_PASSWORD_COMPLEXITY" as const } : undefined);
      return { value: password, failure };
    }
    case "TEXT":
      return { value, failure: lengths(value, config) };
    default:
      return { value };
  }
}

/** Whether a parsed value counts as not given for `required`. */
const missing = (value: unknown) =>
  value === undefined || value === false || (Array.isArray(value) && value.length === 0);

/**
 * The submission of the STEP `stepNodeId` (fields by component id, as the browser sent them)
 * parsed per component type, and the error text of each component that fails a rule.
 * Errors when the node is missing or is not a STEP.
 */
export function validateStep(
  form: RenderableForm,
  stepNodeId: string,
  submitted: Readonly<Record<string, SubmittedValue>>,
  options: { language?: string } = {},
): StepValidation {
  const step = findStep(form, stepNodeId);
  const language = formLanguage(form, options.language);
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const component of step.config?.components ?? []) {
    if (component.category === "BLOCK" || NO_VALUE.has(component.type)) continue;
    const given = Object.hasOwn(submitted, component.id) ? submitted[component.id] : undefined;
    const otherKey = `${component.id}${OTHER_SUFFIX}`;
    const other = first(Object.hasOwn(submitted, otherKey) ? submitted[otherKey] : undefined);
    const parsed = parse(component, given, other);
    if (parsed.value !== undefined) values[component.id] = parsed.value;
    const failure: Failure | undefined =
      isRequired(component) && missing(parsed.value) && !parsed.failure ? { key: "ERR_REQUIRED" } : parsed.failure;
    if (failure) errors[component.id] = errorText(form, language, failure.key, failure.limits);
  }
  return { values, errors };
}
