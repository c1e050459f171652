/**
 * What the login's steps hand each other (finish.ts, actions.ts, services.ts): the login once the
 * password is checked, what the post-login actions decided, and a login they suspended.
 */
import type { LoginApplication, LoginConnection, LoginUser } from "./accounts-contract";
import type { OidcInteraction } from "./library";
import type { CustomClaims } from "./outcomes";

/** Where the browser is sent to fill in a form an action shows (`?state=<login id>`). */
export const FORM_PATH = "/u/form";

/** A login whose password was right. */
export interface AuthenticatedLogin {
  interaction: OidcInteraction;
  application: LoginApplication;
  connection: LoginConnection;
  user: LoginUser;
}

/** What the actions decided. */
export type PostLoginDecision =
  | { kind: "continue"; claims: CustomClaims }
  /** `failed`: an action failed (the login ended in error rather than by a denial). */
  | { kind: "deny"; reason: string; failed?: boolean }
  /** The browser goes to `location`; the login waits at `/continue`. */
  | { kind: "redirect"; location: string };

/** A login waiting at `/continue` for the action that suspended it. */
export interface SuspendedLogin {
  login: AuthenticatedLogin;
  /** The index, in the bound actions, of the action that suspended it. */
  position: number;
  claims: CustomClaims;
  /** Whether a form was shown (`event.prompt.fields` on continue) or another site visited. */
  by: "redirect" | "prompt";
  formId?: string;
  /** What `api.prompt.render` gave, and the action that called it. */
  prompt?: PromptRequest;
  /** Where the person is in the form, once it is shown. */
  form?: FormProgress;
}

/** A form an action asked to show: `api.prompt.render(formId, {fields, vars})`. */
export interface PromptRequest {
  formId: string;
  action: { id: string; name: string };
  /** Values for the form's fields and hidden fields (shown to the person). */
  fields: Record<string, unknown>;
  /** Shared variables (`{{vars.*}}`, never shown). */
  vars: Record<string, unknown>;
}

/** A form in progress: the step shown, the steps before it, what was entered and the variables. */
export interface FormProgress {
  /** The STEP node shown now. */
  step: string;
  /** The steps shown before it, for the previous buttons. */
  history: string[];
  /** Fields and hidden fields entered so far, by id. */
  fields: Record<string, unknown>;
  vars: Record<string, unknown>;
}
