/** What the hosted login's routes share: the tenant's records, the provider (made on first use) and the guards. */
import type { TenantContext } from "../context";
import type { CodeSandbox } from "../../api";
import type { LoginAccounts } from "./accounts-contract";
import type { SuspendedLogin } from "./login-state";
import { BruteForceGuard, CsrfTokens } from "./guard";
import type { OidcProvider } from "./library";
import { LoginOutcomes } from "./outcomes";
import { createOidcProvider, type ExtParams } from "./provider";

/** The hosted login's services of one server. */
export interface LoginServices {
  context: TenantContext;
  accounts: LoginAccounts;
  /** The provider, built on the first request that needs it (the server's address is known by then). */
  provider(): Promise<OidcProvider>;
  /** The provider's request handler (made once). */
  providerHandler(): Promise<ReturnType<OidcProvider["callback"]>>;
  csrf: CsrfTokens;
  guard: BruteForceGuard;
  outcomes: LoginOutcomes;
  /** The `ext-*` parameters of each login in progress, by its id. */
  extParams: ExtParams;
  /** Logins an action suspended (a redirect, a form), by interaction id, until `/continue` resumes them. */
  suspended: Map<string, SuspendedLogin>;
  /** The login's own engine for actions, made when the server has none (see actions.ts). */
  ownSandbox?: CodeSandbox & { close(): Promise<void> };
}

/** Makes the services; nothing is loaded until the first login request. */
export function loginServices(context: TenantContext, accounts: LoginAccounts): LoginServices {
  const outcomes = new LoginOutcomes();
  const extParams: ExtParams = new Map();
  let provider: Promise<OidcProvider> | undefined;
  let handler: ReturnType<OidcProvider["callback"]> | undefined;
  const providerOnce = () => {
    provider ??= createOidcProvider(context, accounts, outcomes, extParams).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };
  return {
    context,
    accounts,
    provider: providerOnce,
    providerHandler: async () => (handler ??= (await providerOnce()).callback()),
    csrf: new CsrfTokens(),
    guard: new BruteForceGuard(),
    outcomes,
    extParams,
    suspended: new Map(),
  };
}
