/** The pieces every drawn component shares: ids, the label with its required mark, the hint, the error, attributes. */
import { escapeHtml } from "../html";
import { componentText } from "./text";
import type { FormComponent, RenderableForm } from "./types";

/** What drawing one component needs: the form (for texts), the language, the value entered, its error. */
export interface DrawContext {
  form: RenderableForm;
  language: string | undefined;
  value: unknown;
  error: string | undefined;
}

/** The HTML id of a component's control (prefixed so it cannot clash with the page's own ids). */
export function controlId(component: FormComponent): string {
  return `af-${component.id}`;
}

/** A component's text in the context's language (see `componentText`). */
export function textOf(context: DrawContext, component: FormComponent, key: string): string | undefined {
  return componentText(context.form, context.language, component, key);
}

/** A component's `config` as a record (empty when it has none). */
export function configOf(component: FormComponent): Record<string, unknown> {
  const config = (component as { config?: unknown }).config;
  return typeof config === "object" && config !== null && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/** Whether the component must be filled in. */
export function isRequired(component: FormComponent): boolean {
  return (component as { required?: unknown }).required === true;
}

/** ` name="value"` for each attribute set (true: bare; false, undefined: left out); values escaped. */
export function attributes(values: Readonly<Record<string, string | number | boolean | undefined>>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join("");
}

/** The ids of the hint and error a control is described by, as `aria-describedby`. */
export function describedBy(context: DrawContext, component: FormComponent): string | undefined {
  const ids = [
    textOf(context, component, "hint") !== undefined ? `${controlId(component)}-hint` : undefined,
    context.error !== undefined ? `${controlId(component)}-error` : undefined,
  ].filter((id) => id !== undefined);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** The attributes every control of a field carries: id, name, required, aria links. */
export function controlAttributes(
  context: DrawContext,
  component: FormComponent,
): Record<string, string | boolean | undefined> {
  return {
    id: controlId(component),
    name: component.id,
    required: isRequired(component),
    "aria-invalid": context.error !== undefined ? "true" : undefined,
    "aria-describedby": describedBy(context, component),
  };
}

/** The label text with the required mark (the mark is for eyes; `required` tells assistive technology). */
export function labelContent(context: DrawContext, component: FormComponent): string {
  const label = textOf(context, component, "label") ?? component.id;
  const mark = isRequired(component) ? '<span class="af-required" aria-hidden="true">*</span>' : "";
  return `${escapeHtml(label)}${mark}`;
}

/** The hint and error under a control. */
export function hintAndError(context: DrawContext, component: FormComponent): string {
  const hint = textOf(context, component, "hint");
  return (
    (hint !== undefined ? `<p class="af-hint" id="${controlId(component)}-hint">${escapeHtml(hint)}</p>` : "") +
    (context.error !== undefined
      ? `<p class="af-error" id="${controlId(component)}-error" role="alert">${escapeHtml(context.error)}</p>`
      : "")
  );
}

/** A field wrapped with its label bound to its control, hint and error. */
export function labelled(context: DrawContext, component: FormComponent, control: string): string {
  return (
    `<div class="af-field af-${component.type.toLowerCase()}" data-component="${escapeHtml(component.id)}">` +
    `<label for="${controlId(component)}">${labelContent(context, component)}</label>` +
    control +
    hintAndError(context, component) +
    "</div>"
  );
}

/** A group of controls (radios, checkboxes) in a fieldset whose legend is the label. */
export function grouped(context: DrawContext, component: FormComponent, controls: string): string {
  const invalid = context.error !== undefined ? ' aria-invalid="true"' : "";
  const described = describedBy(context, component);
  return (
    `<fieldset class="af-field af-${component.type.toLowerCase()}" data-component="${escapeHtml(component.id)}"` +
    `${described ? ` aria-describedby="${described}"` : ""}${invalid}>` +
    `<legend>${labelContent(context, component)}</legend>` +
    controls +
    hintAndError(context, component) +
    "</fieldset>"
  );
}

/** A clearly marked stand-in for what a third-party service draws in the real form. */
export function standIn(component: FormComponent, label: string, what: string, extra = ""): string {
  return (
    `<div class="af-field af-standin af-${component.type.toLowerCase()}" data-component="${escapeHtml(component.id)}" role="group" aria-label="${escapeHtml(label)}">` +
    `<p class="af-standin-note"><strong>Stand-in:</strong> ${escapeHtml(what)}</p>` +
    extra +
    "</div>"
  );
}

/** The value entered as text for an input ("" when none or not a scalar). */
export function valueText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

/** The values entered as a list of texts (one value or several). */
export function valueList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((item) => typeof item === "string" || typeof item === "number").map(String);
  const text = valueText(value);
  return text === "" ? [] : [text];
}
