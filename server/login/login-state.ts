/**
 * What the login's steps hand each other (finish.ts, actions.ts, services.ts): the login once the
 * password is checked, what the post-login actions decided, and a login they suspended.
 */
import type { LoginApplication, LoginConnection, LoginUser } from "./accounts-contract";
import type { OidcInteraction } from "./library";
import type { CustomClaims } from "./outcomes";

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
  | { kind: "deny"; reason: string }
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
}
