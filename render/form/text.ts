/**
 * A form's texts in the request's language: a component's label, hint, placeholder and other
 * texts from `translations[language].components[id]` when present, else the component's own;
 * `{{t('key')}}` replaced by the custom message `key`; error texts from `messages.errors`.
 */
import { isObject } from "../../api/json";
import type { FormComponent, RenderableForm } from "./types";

/** The language a form is drawn in: the requested one when the form has it, else its default, else its primary. */
export function formLanguage(form: RenderableForm, requested: string | undefined): string | undefined {
  const translations = form.translations ?? {};
  const primary = form.languages?.primary;
  if (requested !== undefined && (requested === primary || Object.hasOwn(translations, requested))) return requested;
  const base = requested?.split("-")[0];
  if (base !== undefined && (base === primary || Object.hasOwn(translations, base))) return base;
  return form.languages?.default ?? primary;
}

/** `translations[language]` when it is an object. */
function translation(form: RenderableForm, language: string | undefined): Record<string, unknown> | undefined {
  if (language === undefined || !form.translations || !Object.hasOwn(form.translations, language)) return undefined;
  const entry: unknown = form.translations[language];
  return isObject(entry) ? entry : undefined;
}

/** `record[key]` when it is a string of the record's own. */
function ownString(record: unknown, key: string): string | undefined {
  if (!isObject(record) || !Object.hasOwn(record, key)) return undefined;
  const value = record[key];
  return typeof value === "string" ? value : undefined;
}

/** The string at a dotted `path` of own keys (`allow_other.label`). */
function ownPath(record: unknown, path: string): string | undefined {
  const keys = path.split(".");
  let at: unknown = record;
  for (const key of keys.slice(0, -1)) at = isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return ownString(at, keys[keys.length - 1]);
}

/** `record[key]` when it is an object of the record's own. */
function ownPathObject(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) && isObject(record[key]) ? record[key] : undefined;
}

/** A custom message (`messages.custom[key]`), translated when the language has it. */
export function customMessage(form: RenderableForm, language: string | undefined, key: string): string | undefined {
  const translated = translation(form, language)?.messages;
  return ownString(isObject(translated) ? translated.custom : undefined, key) ?? ownString(form.messages?.custom, key);
}

/** `text` with each `{{t('key')}}` replaced by the custom message `key` (left as is when there is none). */
export function withCustomMessages(form: RenderableForm, language: string | undefined, text: string): string {
  return text.replace(/\{\{\s*t\(\s*(['"])([A-Za-z0-9_.-]+)\1\s*\)\s*\}\}/g, (whole, _quote, key: string) => {
    return customMessage(form, language, key) ?? whole;
  });
}

/**
 * A text of a component: `key` (a dotted path such as `allow_other.label`) of the language's
 * `components[id]` translation, else of the component's `config`, else of the component itself
 * (label, hint); custom messages replaced.
 */
export function componentText(
  form: RenderableForm,
  language: string | undefined,
  component: FormComponent,
  key: string,
): string | undefined {
  const components = translation(form, language)?.components;
  const translated = isObject(components) ? ownPath(ownPathObject(components, component.id), key) : undefined;
  const own = translated ?? ownPath((component as { config?: unknown }).config, key) ?? ownString(component, key);
  return own === undefined ? undefined : withCustomMessages(form, language, own);
}

/** The English error texts, by the key `messages.errors` overrides; `{name}` stands for a limit. */
export const DEFAULT_ERROR_TEXTS = {
  ERR_REQUIRED: "This field is required.",
  ERR_MIN_LENGTH: "Enter at least {min} characters.",
  ERR_MAX_LENGTH: "Enter at most {max} characters.",
  ERR_INVALID_EMAIL: "Enter a valid email address.",
  ERR_INVALID_URL: "Enter a valid URL starting with http:// or https://.",
  ERR_INVALID_NUMBER: "Enter a number.",
  ERR_MIN_VALUE: "Enter a number greater than or equal to {min}.",
  ERR_MAX_VALUE: "Enter a number less than or equal to {max}.",
  ERR_INVALID_PHONE: "Enter a valid phone number.",
  ERR_INVALID_DATE: "Enter a valid date.",
  ERR_INVALID_TIME: "Enter a valid time.",
  ERR_INVALID_OPTION: "Choose one of the options.",
  ERR_PASSWORD_COMPLEXITY: "Use lower and upper case letters, digits and symbols.",
  ERR_FILE_TYPE: "This type of file is not accepted.",
  ERR_FILE_SIZE: "Each file must be at most {max} bytes.",
  ERR_FILE_COUNT: "Send at most {max} file(s).",
} as const;

/** A key of the error texts. */
export type FormErrorKey = keyof typeof DEFAULT_ERROR_TEXTS;

/** The error text of `key` in `language`: the translation's, else the form's `messages.errors`, else English; limits filled in. */
export function errorText(
  form: RenderableForm,
  language: string | undefined,
  key: FormErrorKey,
  limits: Readonly<Record<string, number>> = {},
): string {
  const translated = translation(form, language)?.messages;
  const text =
    ownString(isObject(translated) ? translated.errors : undefined, key) ??
    ownString(form.messages?.errors, key) ??
    DEFAULT_ERROR_TEXTS[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(limits, name) ? String(limits[name]) : whole,
  );
}
