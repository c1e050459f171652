/**
 * The BLOCK components (layout, rich text, buttons) and the WIDGET components (stand-ins for
 * what Google Maps, reCAPTCHA and verifiable credentials draw; their keys and tokens are never
 * shown). Buttons submit the field `$action`: `next`, `previous`, `jump:<node>` or `resend:<id>`.
 */
import { escapeHtml, safeColour, safeUrl } from "../html";
import { addressInput } from "./fields";
import { attributes, configOf, hintAndError, standIn, textOf, type DrawContext } from "./parts";
import { sanitiseRichText } from "./sanitise";
import {
  FORM_ACTION_FIELD,
  JUMP_ACTION_PREFIX,
  NEXT_ACTION,
  PREVIOUS_ACTION,
  RESEND_ACTION_PREFIX,
  type FormComponent,
} from "./types";

type Drawer = (context: DrawContext, component: FormComponent) => string;

/** The CSS `text-align` of the alignments components take. */
const ALIGNMENT: Readonly<Record<string, string>> = { LEFT: "left", CENTER: "center", RIGHT: "right" };

/** A submit button of `$action`. */
function button(
  component: FormComponent,
  text: string,
  action: string,
  extra: Record<string, string | boolean | undefined> = {},
): string {
  const attrs = attributes({
    type: "submit",
    class: `af-button af-${component.type.toLowerCase()}`,
    name: FORM_ACTION_FIELD,
    value: action,
    "data-component": component.id,
    ...extra,
  });
  return `<button${attrs}>${escapeHtml(text)}</button>`;
}

/** The rich text of a RICH_TEXT or HTML block, through the allow-list. */
const richText: Drawer = (context, component) =>
  `<div class="af-${component.type.toLowerCase()}" data-component="${escapeHtml(component.id)}">${sanitiseRichText(textOf(context, component, "content") ?? "")}</div>`;

const divider: Drawer = (context, component) => {
  const text = textOf(context, component, "text");
  return text
    ? `<div class="af-divider" role="separator" data-component="${escapeHtml(component.id)}"><span>${escapeHtml(text)}</span></div>`
    : `<hr class="af-divider" data-component="${escapeHtml(component.id)}">`;
};

/** An http(s) image; any other address draws nothing. */
const image: Drawer = (context, component) => {
  const config = configOf(component);
  const src = safeUrl(config.src);
  if (!src) return "";
  const align = ALIGNMENT[String(config.position)] ?? "center";
  const height = typeof config.height === "number" ? config.height : undefined;
  return `<div class="af-image" style="text-align:${align}" data-component="${escapeHtml(component.id)}"><img${attributes({ src, alt: textOf(context, component, "alt") ?? "", height })}></div>`;
};

const jump: Drawer = (context, component) => {
  const config = configOf(component);
  const colour = (config.style as { background_color?: unknown } | undefined)?.background_color;
  const background = colour !== undefined ? safeColour(colour, "") : "";
  return button(
    component,
    textOf(context, component, "text") ?? "",
    `${JUMP_ACTION_PREFIX}${String(config.next_node)}`,
    {
      style: background ? `background-color:${background}` : undefined,
    },
  );
};

const next: Drawer = (context, component) =>
  button(component, textOf(context, component, "text") ?? "Next", NEXT_ACTION);

/** Back: no validation of what the step holds. */
const previous: Drawer = (context, component) =>
  button(component, textOf(context, component, "text") ?? "Back", PREVIOUS_ACTION, { formnovalidate: true });

/** Runs the button's flow again (e.g. to send a code once more); the service counts attempts and waits. */
const resend: Drawer = (context, component) => {
  const config = configOf(component);
  const align = ALIGNMENT[String(config.text_alignment)] ?? "center";
  return (
    `<div class="af-resend" style="text-align:${align}"><span>${escapeHtml(textOf(context, component, "active_text") ?? "")}</span> ` +
    button(component, textOf(context, component, "button_text") ?? "", `${RESEND_ACTION_PREFIX}${component.id}`, {
      formnovalidate: true,
    }) +
    "</div>"
  );
};

/** Google Maps' address autocomplete (keys never shown): a plain address input stands in. */
const address: Drawer = (context, component) =>
  `<div class="af-standin-wrap"><p class="af-standin-note"><strong>Stand-in:</strong> the service shows Google Maps address autocomplete here.</p>${addressInput(context, component)}</div>`;

const recaptcha: Drawer = (context, component) =>
  standIn(
    component,
    textOf(context, component, "label") ?? "reCAPTCHA",
    "the service shows a Google reCAPTCHA challenge here.",
    hintAndError(context, component),
  );

/** The wallet QR code of a verification request (its access token never shown). */
const credentials: Drawer = (context, component) =>
  standIn(
    component,
    textOf(context, component, "label") ?? "Verifiable credentials",
    `the service shows a QR code to present a verifiable credential here (${textOf(context, component, "alternate_text") ?? ""}).`,
    hintAndError(context, component),
  );

/** The drawers of the BLOCK and WIDGET components, by type. */
export const BLOCK_AND_WIDGET_DRAWERS: Readonly<Record<string, Drawer>> = {
  DIVIDER: divider,
  HTML: richText,
  RICH_TEXT: richText,
  IMAGE: image,
  JUMP_BUTTON: jump,
  NEXT_BUTTON: next,
  PREVIOUS_BUTTON: previous,
  RESEND_BUTTON: resend,
  GMAPS_ADDRESS: address,
  RECAPTCHA: recaptcha,
  AUTH0_VERIFIABLE_CREDENTIALS: credentials,
};
