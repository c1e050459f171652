/**
 * The login screens a plan changes: the look's objects (page template, branding settings and
 * theme, prompt settings, custom texts, screen partials) before and after the plan, gathered per
 * tenant into the renderer's {@link TenantLook}, the screens each change shows on, each drawn
 * before and after by the hosted login's own renderer, and the texts' changes by screen and key.
 */
import { changesByScreen } from "../../../api/prompt-names";
import { isObject } from "../../../api/json";
import { firstLoginPrompt, renderLoginPage, type ByScreen, type ScreenName, type TenantLook } from "../../../render";
import { LOOK, LOOK_KINDS, type LookObject } from "./look-kinds";
import type { PlannedChange, ReviewPlan } from "./plan";

/** The kinds that change every screen (the others change the screens they name). */
const WHOLE_LOOK_KINDS: ReadonlySet<string> = new Set([LOOK.template, LOOK.branding, LOOK.theme, LOOK.settings]);
/** The prompts the renderer draws, with the screen of each. */
const DRAWN: ReadonlySet<string> = new Set<ScreenName>(["login", "login-id", "signup"]);
/** The language of the pictures of a change that names none. */
const PICTURE_LANGUAGE = "en";
/** The most screens a review draws (each is two pictures). */
export const MAX_SCREENS = 6;
/** The application the pictures show a login to. */
const PICTURE_APPLICATION = { id: "review", name: "My App" } as const;

/** A screen drawn before and after: `first-login` is the login prompt's first screen (`login`, or `login-id` when identifier first). */
export interface ScreenPair {
  /** A name for its files: `tenant-login-en`. */
  id: string;
  tenant: string;
  prompt: "first-login" | ScreenName;
  language: string;
  /** The screen drawn on each side (the first login screen may differ). */
  screens: { before: string; after: string };
  /** The pages' HTML. */
  before: string;
  after: string;
}

/** What a plan changes of one tenant's login screens. */
export interface LookReview {
  tenant: string;
  /** The screens to draw, at most {@link MAX_SCREENS}. */
  pairs: ScreenPair[];
  /** Screens left undrawn: beyond the limit, or of prompts the renderer does not draw. */
  undrawn: string[];
  /** The texts' and partials' changes, one line per prompt, screen and key. */
  textChanges: string[];
}

/** The renderer's look of `objects`, one tenant's. */
export function lookOf(objects: readonly LookObject[], tenant: TenantLook["tenant"]): TenantLook {
  const look: { -readonly [K in keyof TenantLook]: TenantLook[K] } = { tenant };
  const customTexts: Record<string, Record<string, ByScreen>> = {};
  const partials: Record<string, ByScreen> = {};
  for (const { kind, values } of objects) {
    if (kind === LOOK.template && typeof values.template === "string") look.template = values.template;
    else if (kind === LOOK.branding) look.branding = values;
    else if (kind === LOOK.theme) look.theme = values;
    else if (kind === LOOK.settings) look.promptSettings = values;
    else if (kind === LOOK.texts && typeof values.prompt === "string" && typeof values.language === "string")
      (customTexts[values.prompt] ??= {})[values.language] = (isObject(values.body) ? values.body : {}) as ByScreen;
    else if (kind === LOOK.partials && typeof values.prompt === "string")
      partials[values.prompt] = (isObject(values.screens) ? values.screens : {}) as ByScreen;
  }
  return { ...look, customTexts, partials };
}

/** The text lines of a custom text's or partials' change, by prompt, screen and key. */
function textLines(change: PlannedChange): string[] {
  const values = change.after ?? change.before ?? {};
  const prompt = String(values.prompt ?? "?");
  if (change.kind === LOOK.texts) {
    const where = `${prompt} (${String(values.language ?? "?")})`;
    return changesByScreen(change.before?.body, change.after?.body).map((line) => `${where} › ${line}`);
  }
  if (change.kind === LOOK.partials)
    return changesByScreen(change.before?.screens, change.after?.screens).map((line) => `${prompt} partials › ${line}`);
  return [];
}

/**
 * The screens a change shows on, `prompt@language`: the first login screen for a change of the
 * whole look (and for texts or partials of the prompt that is the first login screen on either side).
 */
function screensOf(change: PlannedChange, first: { before: string; after: string }): string[] {
  if (WHOLE_LOOK_KINDS.has(change.kind)) return [`first-login@${PICTURE_LANGUAGE}`];
  const values = change.after ?? change.before ?? {};
  const prompt = String(values.prompt ?? "");
  const field = change.kind === LOOK.texts ? "body" : "screens";
  if (changesByScreen(change.before?.[field], change.after?.[field]).length === 0) return [];
  const language = change.kind === LOOK.texts ? String(values.language ?? PICTURE_LANGUAGE) : PICTURE_LANGUAGE;
  return [`${prompt === first.before || prompt === first.after ? "first-login" : prompt}@${language}`];
}

/** A file name's part of `text`: letters, digits and dashes. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 60);

/** One tenant's look before and after the plan. */
function looksOf(
  plan: ReviewPlan,
  tenant: string,
  names: TenantLook["tenant"],
): { before: TenantLook; after: TenantLook } {
  const unchanged = (plan.looks ?? []).filter((object) => object.tenant === tenant);
  const changes = plan.changes.filter((change) => change.tenant === tenant && LOOK_KINDS.has(change.kind));
  const side = (which: "before" | "after") =>
    changes.flatMap((change) => {
      const values = which === "after" && change.action === "delete" ? undefined : change[which];
      return values ? [{ kind: change.kind, tenant, values }] : [];
    });
  return {
    before: lookOf([...unchanged, ...side("before")], names),
    after: lookOf([...unchanged, ...side("after")], names),
  };
}

/** The page of a screen in the pictures: a login box with its form, nothing typed. */
function pictureHtml(look: TenantLook, prompt: ScreenName, language: string): string {
  const form = { action: "#", state: "review", csrf: "review", switchHref: "#" };
  return renderLoginPage(look, { prompt, screen: prompt, language, application: PICTURE_APPLICATION, form }).html;
}

/**
 * What `plan` changes of each tenant's login screens: the screens to draw (each before and
 * after), those left undrawn, the texts' changes. Tenants whose look the plan leaves alone have none.
 */
export function lookReviews(plan: ReviewPlan, tenants: Readonly<Record<string, string>> = {}): LookReview[] {
  const reviews: LookReview[] = [];
  const tenantsChanged = [...new Set(plan.changes.filter((c) => LOOK_KINDS.has(c.kind)).map((c) => c.tenant))];
  for (const tenant of tenantsChanged.sort()) {
    const changes = plan.changes.filter((change) => change.tenant === tenant && LOOK_KINDS.has(change.kind));
    const names = { name: tenant, friendly_name: tenants[tenant] ?? tenant };
    const { before, after } = looksOf(plan, tenant, names);
    const first = { before: firstLoginPrompt(before), after: firstLoginPrompt(after) };
    const wanted = [...new Set(changes.flatMap((change) => screensOf(change, first)))];
    const drawable = wanted.filter((key) => {
      const prompt = key.split("@")[0]!;
      return prompt === "first-login" || DRAWN.has(prompt);
    });
    const undrawn = [
      ...wanted.filter((key) => !drawable.includes(key)).map((key) => `${key.replace("@", " (")}): not drawn`),
      ...drawable.slice(MAX_SCREENS).map((key) => `${key.replace("@", " (")}): over the ${MAX_SCREENS} screens drawn`),
    ];
    const pairs = drawable.slice(0, MAX_SCREENS).map((key): ScreenPair => {
      const [prompt, language] = key.split("@") as ["first-login" | ScreenName, string];
      const screens = prompt === "first-login" ? first : { before: prompt, after: prompt };
      return {
        id: fileSafe(`${tenant}-${prompt}-${language}`),
        tenant,
        prompt,
        language,
        screens,
        before: pictureHtml(before, screens.before as ScreenName, language),
        after: pictureHtml(after, screens.after as ScreenName, language),
      };
    });
    reviews.push({ tenant, pairs, undrawn, textChanges: changes.flatMap(textLines) });
  }
  return reviews;
}
