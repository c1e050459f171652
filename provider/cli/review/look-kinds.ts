/**
 * The kinds of the login page's look in a review, and one object of them in a plan: what the plan
 * (plan.ts) gathers and the screens' drawing (look.ts) draws.
 */

/** The kinds whose objects the login screens show, by their part in the look. */
export const LOOK = {
  template: "loginTemplate",
  branding: "branding",
  theme: "brandingTheme",
  settings: "promptSettings",
  texts: "promptCustomText",
  partials: "promptScreenPartials",
} as const;
/** The kinds of the look. */
export const LOOK_KINDS: ReadonlySet<string> = new Set(Object.values(LOOK));

/** One object of the look in a plan, its values in the API's names. */
export interface LookObject {
  kind: string;
  /** The configuration namespace of its tenant. */
  tenant: string;
  values: Record<string, unknown>;
}
