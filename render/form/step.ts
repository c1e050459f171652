/**
 * One STEP of a form as HTML: the form's style sheet, the step's messages, then each component
 * in order (FIELD, WIDGET and BLOCK), values entered shown back and errors under their fields,
 * in a `<form>` that posts the component ids as field names. Pure: the server serves it.
 */
import { escapeHtml } from "../html";
import { BLOCK_AND_WIDGET_DRAWERS } from "./blocks";
import { FIELD_DRAWERS } from "./fields";
import { findStep } from "./nodes";
import { attributes, type DrawContext } from "./parts";
import { styleSheetText } from "./sanitise";
import { formLanguage } from "./text";
import type { FormComponent, RenderableForm, StepOptions, StepState } from "./types";

/** The drawer of a component's type; an error naming a type the contract does not have. */
function drawerOf(component: FormComponent) {
  const drawer = FIELD_DRAWERS[component.type] ?? BLOCK_AND_WIDGET_DRAWERS[component.type];
  if (!drawer)
    throw new Error(`Unknown form component type "${String(component.type)}" (component "${component.id}").`);
  return drawer;
}

/** `record[key]` when it is the record's own. */
function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The HTML of one component with the state's value and error for it. */
export function renderComponent(
  form: RenderableForm,
  component: FormComponent,
  state: StepState = {},
  language?: string,
): string {
  const context: DrawContext = {
    form,
    language,
    value: own(state.values, component.id),
    error: own(state.errors, component.id),
  };
  return drawerOf(component)(context, component);
}

/**
 * The HTML of the STEP node `stepNodeId` of `form`: a `<style>` with the form's CSS (unable to
 * close the element), the step's messages, its components, and the hidden inputs of `options`.
 * Errors when the node is missing or is not a STEP.
 */
export function renderFormStep(
  form: RenderableForm,
  stepNodeId: string,
  state: StepState = {},
  options: StepOptions = {},
): string {
  const step = findStep(form, stepNodeId);
  const language = formLanguage(form, options.language);
  const components = step.config?.components ?? [];
  const hasFile = components.some((component) => component.type === "FILE");
  const css = form.style?.css ? `<style>${styleSheetText(form.style.css)}</style>` : "";
  const messages = (state.messages ?? []).map((message) => `<p class="af-message">${escapeHtml(message)}</p>`).join("");
  const hidden = Object.entries(options.hidden ?? {})
    .map(([name, value]) => `<input${attributes({ type: "hidden", name, value })}>`)
    .join("");
  const form_ = attributes({
    class: "af-form",
    method: "post",
    action: options.action,
    enctype: hasFile ? "multipart/form-data" : undefined,
    lang: language,
    "data-step": step.id,
  });
  return (
    css +
    `<form${form_}>` +
    (messages ? `<div class="af-messages" role="status">${messages}</div>` : "") +
    hidden +
    components.map((component) => renderComponent(form, component, state, language)).join("") +
    "</form>"
  );
}
