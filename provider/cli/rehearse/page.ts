/**
 * One page of a rehearsal in the browser: what it is (a login screen, a form's step, the
 * application's callback), its fields filled as a person fills them, a button pressed and the
 * next page awaited. Each failure says what the page has instead (its fields, its buttons).
 */
import type { ElementHandle, Page } from "puppeteer-core";
import type { SeenPage } from "./matcher";
import type { TraceEvent } from "./report";

/** How long a press may take to lead to the next page (actions and flows run in between). */
export const NAVIGATION_TIMEOUT_MS = 30_000;
/** The login box of a login screen, naming its screen. */
const LOGIN_BOX = "main.login-box[data-screen]";
/** A form's step, naming its STEP node (drawn inside the login box: looked for first). */
const FORM_STEP = "form[data-step]";

/** The parts of an input element the driver reads and sets (the provider compiles without the DOM's types). */
type InputLike = { value: string; type: string; checked: boolean; tagName: string };

/** A failure of a step on its page, in words the command prints. */
export class StepFailure extends Error {}

/** The form event (`shown` or `invalid`) the trace recorded last, if any. */
function lastFormEvent(events: readonly TraceEvent[]): TraceEvent | undefined {
  return [...events].reverse().find((event) => event.type === "form" && event.step !== "submitted");
}

/** What the page `page` is, knowing the application's `callback` address, the trace so far and the forms' names. */
export async function observePage(
  page: Page,
  callback: string,
  events: () => Promise<readonly TraceEvent[]>,
  formNames: ReadonlyMap<string, string>,
): Promise<SeenPage> {
  const url = new URL(page.url());
  if (page.url().startsWith(callback)) {
    const error = url.searchParams.get("error") ?? undefined;
    const description = url.searchParams.get("error_description") ?? undefined;
    return { kind: "callback", ...(error ? { error } : {}), ...(description ? { description } : {}) };
  }
  const form = await page
    .$eval(FORM_STEP, (element) => ({
      step: element.getAttribute("data-step") ?? undefined,
      formId: element.closest("[data-form]")?.getAttribute("data-form") ?? undefined,
    }))
    .catch(() => undefined);
  if (form) {
    const event = lastFormEvent(await events());
    const formId = form.formId ?? (typeof event?.form_id === "string" ? event.form_id : undefined);
    const errors =
      event?.step === "invalid" && event.errors && typeof event.errors === "object"
        ? Object.entries(event.errors as Record<string, unknown>).map(([field, error]) => `${field}: ${String(error)}`)
        : [];
    return {
      kind: "form-step",
      ...(formId ? { formId } : {}),
      ...(formId && formNames.has(formId) ? { formName: formNames.get(formId) } : {}),
      ...(form.step ? { step: form.step } : {}),
      ...(errors.length ? { errors } : {}),
    };
  }
  const screen = await page
    .$eval(LOGIN_BOX, (box) => ({
      screen: box.getAttribute("data-screen") ?? "",
      prompt: box.closest("[data-prompt]")?.getAttribute("data-prompt") ?? undefined,
      alert: box.querySelector("[role=alert]")?.textContent?.trim() || undefined,
    }))
    .catch(() => undefined);
  if (screen) return { kind: "screen", ...screen };
  return { kind: "other", url: `${url.origin}${url.pathname}`, title: (await page.title()) || undefined };
}

/** The names of what the page offers, by selector and attribute (for a message). */
async function namesOn(page: Page, selector: string): Promise<string> {
  const names = await page.$$eval(selector, (elements) =>
    elements.map(
      (element) =>
        element.getAttribute("data-component") ?? element.getAttribute("name") ?? element.getAttribute("id") ?? "",
    ),
  );
  const unique = [...new Set(names.filter(Boolean))];
  return unique.length ? unique.map((name) => `\`${name}\``).join(", ") : "none";
}

/** The CSS string literal of `text`. */
const cssString = (text: string) => JSON.stringify(text);

/** Types `value` into the field named (or with the id) `field`; a checkbox takes true/false, a radio or select its option. */
export async function fillField(page: Page, field: string, value: string): Promise<void> {
  const byName = `[name=${cssString(field)}]`;
  const handle =
    (await page.$(`input${byName}, textarea${byName}, select${byName}`)) ?? (await page.$(`#${cssId(field)}`));
  if (!handle) {
    const fields = await namesOn(page, "input:not([type=hidden]), textarea, select");
    throw new StepFailure(`no field \`${field}\` on this page (its fields: ${fields})`);
  }
  const facts = await handle.evaluate((element) => ({
    tag: element.tagName.toLowerCase(),
    type: (element as unknown as InputLike).type,
  }));
  if (facts.tag === "select") {
    await handle.select(value);
  } else if (facts.type === "checkbox") {
    const wanted = value === "true";
    if ((await handle.evaluate((element) => (element as unknown as InputLike).checked)) !== wanted)
      await handle.click();
  } else if (facts.type === "radio") {
    const option = await page.$(`input${byName}[value=${cssString(value)}]`);
    if (!option) throw new StepFailure(`the choice \`${field}\` has no option \`${value}\``);
    await option.click();
  } else {
    await handle.evaluate((element) => {
      (element as unknown as InputLike).value = "";
    });
    await handle.type(value);
  }
}

/** An id as a CSS selector takes it. */
function cssId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, (character) => `\\${character.codePointAt(0)!.toString(16)} `);
}

/** The button a step presses when it names none: a form's next button, the login screen's, any submit button. */
const SUBMIT_BUTTONS = ["button.af-next_button", 'button[name="action"][value="default"]', "button[type=submit]"];

/** The button `name`: a form's button by component id, else by name or value, else by its text; the submit button when no name. */
async function findButton(page: Page, name: string | undefined): Promise<ElementHandle> {
  if (name === undefined) {
    for (const selector of SUBMIT_BUTTONS) {
      const handle = await page.$(selector);
      if (handle) return handle;
    }
    throw new StepFailure(
      `no submit button on this page (its buttons: ${await namesOn(page, "button")}): name one with press`,
    );
  }
  const quoted = cssString(name);
  const selectors = [`button[data-component=${quoted}]`, `button[value=${quoted}]`, `button[name=${quoted}]`];
  for (const selector of selectors) {
    const handle = await page.$(selector);
    if (handle) return handle;
  }
  for (const handle of await page.$$("button, input[type=submit]")) {
    const label = await handle.evaluate((element) =>
      (element.textContent || (element as unknown as InputLike).value || "").trim(),
    );
    if (label === name) return handle;
  }
  throw new StepFailure(`no button \`${name}\` on this page (its buttons: ${await namesOn(page, "button")})`);
}

/** Presses the button `name` (the page's submit button when undefined) and waits for the page it leads to. */
export async function pressButton(page: Page, name: string | undefined): Promise<void> {
  const button = await findButton(page, name);
  try {
    await Promise.all([page.waitForNavigation({ waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS }), button.click()]);
  } catch (error) {
    throw new StepFailure(
      `pressing ${name === undefined ? "the submit button" : `\`${name}\``} led to no new page within ${NAVIGATION_TIMEOUT_MS / 1000} s (${(error as Error).message.split("\n")[0]})`,
    );
  }
}
