/**
 * The FIELD components drawn as accessible HTML controls: each with its label bound to it,
 * `required` set, its hint, placeholder, limits and options, the value entered shown back.
 * Stand-ins (PAYMENT, SOCIAL, CUSTOM) name what the service would show.
 */
import { escapeHtml, safeUrl } from "../html";
import {
  attributes,
  configOf,
  controlAttributes,
  controlId,
  grouped,
  hintAndError,
  isRequired,
  labelled,
  standIn,
  textOf,
  valueList,
  valueText,
  type DrawContext,
} from "./parts";
import { acceptAttribute } from "./files";
import { sanitiseRichText } from "./sanitise";
import { OTHER_SUFFIX, OTHER_VALUE, type FormComponent } from "./types";

type Drawer = (context: DrawContext, component: FormComponent) => string;

/** The `<input type>` and `autocomplete` of the one-line text fields. */
const TEXT_INPUTS: Readonly<Record<string, { type: string; autocomplete?: string; inputmode?: string }>> = {
  TEXT: { type: "text" },
  EMAIL: { type: "email", autocomplete: "email" },
  URL: { type: "url", autocomplete: "url" },
  TEL: { type: "tel", autocomplete: "tel" },
  PASSWORD: { type: "password", autocomplete: "new-password" },
  NUMBER: { type: "number", inputmode: "decimal" },
  GMAPS_ADDRESS: { type: "text", autocomplete: "street-address" },
};

const number = (value: unknown) => (typeof value === "number" ? value : undefined);

/** One-line inputs and the multiline TEXT. A password is never shown back. */
const textInput: Drawer = (context, component) => {
  const config = configOf(component);
  const kind = TEXT_INPUTS[component.type];
  const value = component.type === "PASSWORD" ? "" : valueText(context.value ?? config.default_value);
  const common = {
    ...controlAttributes(context, component),
    placeholder: textOf(context, component, "placeholder"),
    minlength: number(config.min_length),
    maxlength: number(config.max_length),
  };
  if (component.type === "TEXT" && config.multiline === true) {
    return labelled(context, component, `<textarea${attributes(common)}>${escapeHtml(value)}</textarea>`);
  }
  const input = attributes({
    type: kind.type,
    ...common,
    autocomplete: kind.autocomplete,
    inputmode: kind.inputmode,
    min: number(config.min_value),
    max: number(config.max_value),
    step: component.type === "NUMBER" ? "any" : undefined,
    value: value === "" ? undefined : value,
  });
  return labelled(context, component, `<input${input}>`);
};

/** A date or a time. */
const dateInput: Drawer = (context, component) => {
  const config = configOf(component);
  const value = valueText(context.value ?? config.default_value);
  const type = config.format === "TIME" ? "time" : "date";
  return labelled(
    context,
    component,
    `<input${attributes({ type, ...controlAttributes(context, component), value: value || undefined })}>`,
  );
};

/** The `{value, label}` options of a CHOICE, DROPDOWN or CARDS. */
function optionsOf(component: FormComponent): { value: string; label: string; image_url?: string }[] {
  const options = configOf(component).options;
  return Array.isArray(options)
    ? options
        .filter((option) => typeof option?.value === "string")
        .map((option) => ({ ...option, label: String(option.label ?? option.value) }))
    : [];
}

/** Radios (or checkboxes when `multiple`) in a fieldset; CARDS show their https image. */
const choiceInputs: Drawer = (context, component) => {
  const config = configOf(component);
  const type = config.multiple === true ? "checkbox" : "radio";
  const chosen = new Set(valueList(context.value ?? config.default_value));
  const options = optionsOf(component);
  const hideLabels = config.hide_labels === true;
  const controls = options.map((option, index) => {
    const id = `${controlId(component)}-${index}`;
    const image = option.image_url !== undefined ? safeUrl(option.image_url) : undefined;
    const picture = image ? `<img src="${escapeHtml(image)}" alt="${hideLabels ? escapeHtml(option.label) : ""}">` : "";
    const text = hideLabels && picture ? "" : `<span>${escapeHtml(option.label)}</span>`;
    const input = attributes({
      type,
      id,
      name: component.id,
      value: option.value,
      checked: chosen.has(option.value),
      required: type === "radio" && isRequired(component),
    });
    return `<div class="af-option"><input${input}><label for="${id}">${picture}${text}</label></div>`;
  });
  const other = isOther(config.allow_other) ? otherInput(context, component, type, chosen, options) : "";
  return grouped(context, component, controls.join("") + other);
};

const isOther = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as { enabled?: unknown }).enabled === true;

/** The "other" option of a CHOICE and the text input that carries its answer. */
function otherInput(
  context: DrawContext,
  component: FormComponent,
  type: string,
  chosen: Set<string>,
  options: { value: string }[],
): string {
  const known = new Set(options.map((option) => option.value));
  const typed = [...chosen].find((value) => !known.has(value) && value !== OTHER_VALUE) ?? "";
  const id = `${controlId(component)}-other`;
  const label = textOf(context, component, "allow_other.label") ?? "Other";
  const placeholder = textOf(context, component, "allow_other.placeholder");
  return (
    `<div class="af-option af-other"><input${attributes({ type, id, name: component.id, value: OTHER_VALUE, checked: typed !== "" || chosen.has(OTHER_VALUE) })}>` +
    `<label for="${id}">${escapeHtml(label)}</label>` +
    `<input${attributes({ type: "text", id: `${id}-text`, name: `${component.id}${OTHER_SUFFIX}`, "aria-label": label, placeholder, value: typed || undefined })}></div>`
  );
}

/** A select, with the placeholder as its empty first option. */
const dropdown: Drawer = (context, component) => {
  const config = configOf(component);
  const chosen = new Set(valueList(context.value ?? config.default_value));
  const placeholder = textOf(context, component, "placeholder");
  const options = optionsOf(component).map(
    (option) =>
      `<option${attributes({ value: option.value, selected: chosen.has(option.value) })}>${escapeHtml(option.label)}</option>`,
  );
  const empty = config.multiple === true ? "" : `<option value="">${escapeHtml(placeholder ?? "")}</option>`;
  return labelled(
    context,
    component,
    `<select${attributes({ ...controlAttributes(context, component), multiple: config.multiple === true })}>${empty}${options.join("")}</select>`,
  );
};

/** A yes/no: a checkbox, or two radios when the form names its answers (`options.true`, `options.false`). */
const booleanInput: Drawer = (context, component) => {
  const config = configOf(component);
  const value = context.value ?? config.default_value;
  const checked = value === true || value === "true";
  const options = config.options as { true?: string; false?: string } | undefined;
  if (options?.true !== undefined || options?.false !== undefined) {
    const radios = (["true", "false"] as const).map((answer) => {
      const id = `${controlId(component)}-${answer}`;
      const label = textOf(context, component, `options.${answer}`) ?? (answer === "true" ? "Yes" : "No");
      const on = answer === "true" ? checked : value === false || value === "false";
      return `<div class="af-option"><input${attributes({ type: "radio", id, name: component.id, value: answer, checked: on, required: isRequired(component) })}><label for="${id}">${escapeHtml(label)}</label></div>`;
    });
    return grouped(context, component, radios.join(""));
  }
  const input = `<input${attributes({ type: "checkbox", ...controlAttributes(context, component), value: "true", checked })}>`;
  return labelled(context, component, input);
};

/** An agreement: a checkbox whose label is the sanitised legal text. */
const legal: Drawer = (context, component) => {
  const text = sanitiseRichText(textOf(context, component, "text") ?? textOf(context, component, "label") ?? "");
  const checked = context.value === true || context.value === "true";
  const mark = isRequired(component) ? '<span class="af-required" aria-hidden="true">*</span>' : "";
  return (
    `<div class="af-field af-legal" data-component="${escapeHtml(component.id)}">` +
    `<input${attributes({ type: "checkbox", ...controlAttributes(context, component), value: "true", checked })}>` +
    `<label for="${controlId(component)}">${text}${mark}</label>` +
    hintAndError(context, component) +
    "</div>"
  );
};

/** A file input limited to the component's extensions or categories. */
const fileInput: Drawer = (context, component) => {
  const config = configOf(component);
  const input = attributes({
    type: "file",
    ...controlAttributes(context, component),
    multiple: config.multiple === true,
    accept: acceptAttribute(config),
  });
  return labelled(context, component, `<input${input}>`);
};

/** Stripe's card form, which the service draws from the tenant's keys (never shown). */
const payment: Drawer = (context, component) => {
  const charge = configOf(component).charge as
    { type?: string; one_off?: { amount?: unknown; currency?: unknown } } | undefined;
  const what =
    charge?.type === "ONE_OFF"
      ? `a one-off payment of ${String(charge.one_off?.amount ?? "")} ${String(charge.one_off?.currency ?? "")}`
      : "a subscription";
  return standIn(
    component,
    textOf(context, component, "label") ?? "Payment",
    `the service shows Stripe's card form here for ${what}.`,
    hintAndError(context, component),
  );
};

/** The social sign-in buttons the service draws. */
const social: Drawer = (context, component) =>
  standIn(
    component,
    textOf(context, component, "label") ?? "Social",
    "the service shows its social sign-in buttons here.",
    hintAndError(context, component),
  );

/** A custom field runs the tenant's code in the browser; here a text input takes its value (JSON or text). */
const custom: Drawer = (context, component) => {
  const value =
    typeof context.value === "string"
      ? context.value
      : context.value === undefined
        ? ""
        : JSON.stringify(context.value);
  const control = `<textarea${attributes(controlAttributes(context, component))}>${escapeHtml(value)}</textarea>`;
  return `<div class="af-standin-wrap"><p class="af-standin-note"><strong>Stand-in:</strong> the service runs this custom field's code here; enter its value.</p>${labelled(context, component, control)}</div>`;
};

/** The drawers of the FIELD components, by type. */
export const FIELD_DRAWERS: Readonly<Record<string, Drawer>> = {
  TEXT: textInput,
  EMAIL: textInput,
  URL: textInput,
  TEL: textInput,
  PASSWORD: textInput,
  NUMBER: textInput,
  DATE: dateInput,
  CHOICE: choiceInputs,
  CARDS: choiceInputs,
  DROPDOWN: dropdown,
  BOOLEAN: booleanInput,
  LEGAL: legal,
  FILE: fileInput,
  PAYMENT: payment,
  SOCIAL: social,
  CUSTOM: custom,
};

/** The address input of GMAPS_ADDRESS (the widget's autocomplete is the service's). */
export const addressInput: Drawer = textInput;
