/**
 * The OpenID Connect provider of the hosted login: the certified library configured with the
 * service's paths and habits. Applications are the tenant's (adapter.ts), the signing key is
 * the server's own (the key that signs management tokens, persisted in the data directory and
 * never answered), and the login pages are this server's (pages.ts), not the library's.
 */
import { randomBytes } from "node:crypto";
import { exportJWK } from "jose";
import { chooseLanguage, renderLoginPage } from "../../render";
import { SIGNING_ALGORITHM } from "../auth/keys";
import type { TenantContext } from "../context";
import type { LoginAccounts } from "./accounts-contract";
import { MAX_ARTEFACTS_PER_MODEL, MemoryAdapter } from "./adapter";
import { loadOidcLibrary, type OidcProvider } from "./library";
import { enabledLocales } from "./language";
import { promptSettings, tenantLook } from "./look";
import type { LoginOutcomes } from "./outcomes";

/** Lifetimes of what the provider issues, in seconds (the service's defaults where it has them). */
export const LOGIN_LIFETIMES = {
  /** An authorization code: single use, and short. */
  AuthorizationCode: 60,
  /** A login in progress (the pages' `state`). */
  Interaction: 900,
  /** The login session (the service's inactivity timeout: 3 days). */
  Session: 3 * 24 * 3600,
  Grant: 30 * 24 * 3600,
  /** ID tokens (the service's default: 10 hours). */
  IdToken: 36_000,
  /** Access tokens (the service's default for an API: 24 hours). */
  AccessToken: 86_400,
  /** Refresh tokens (the service's absolute lifetime default: 30 days). */
  RefreshToken: 30 * 24 * 3600,
} as const;

/** The provider's paths: the service's. */
export const LOGIN_PATHS = {
  authorization: "/authorize",
  token: "/oauth/token",
  userinfo: "/userinfo",
  jwks: "/.well-known/jwks.json",
  end_session: "/oidc/logout",
  revocation: "/oauth/revoke",
} as const;

/**
 * The page a login in progress is shown at: `/u/login?state=…` (`/u/login/identifier` when the
 * prompts' settings say identifier first), or `/u/signup` with `screen_hint=signup`.
 */
function interactionUrl(screenHint: unknown, uid: string, identifierFirst: boolean): string {
  const path = screenHint === "signup" ? "signup" : identifierFirst ? "login/identifier" : "login";
  return `/u/${path}?state=${encodeURIComponent(uid)}`;
}

/** Why an authorization with a login session still goes through the pages: the post-login actions run on every login. */
export const POST_LOGIN_REASON = "post_login_actions";

/** What the pages need of each login in progress besides what the library keeps: the request's `ext-*` parameters. */
export type ExtParams = Map<string, Record<string, string>>;

/** The `ext-*` parameters of a query (at most 20, each at most 250 characters), as the service passes them to the template. */
export function extParamsOf(query: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(query).filter(
    ([name, value]) => /^ext-[\w-]{1,64}$/.test(name) && typeof value === "string" && value.length <= 250,
  ) as [string, string][];
  return Object.fromEntries(entries.slice(0, 20));
}

/** Builds the provider for issuer `issuer` (the server's address with a trailing slash). */
export async function createOidcProvider(
  context: TenantContext,
  accounts: LoginAccounts,
  outcomes: LoginOutcomes,
  extParams: ExtParams,
): Promise<OidcProvider> {
  const { Provider, interactionPolicy } = await loadOidcLibrary();
  // The service runs the post-login actions on every login, also one its session answers
  // (the pages then show nothing: pages.ts). A silent one (prompt=none) is left to the session.
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy
    .get("login")
    .checks.push(
      new Check(POST_LOGIN_REASON, "the post-login actions run on every login", "login_required", (ctx) =>
        ctx.oidc.prompts.has("none") || ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  const issuer = `${context.url()}/`;
  const privateJwk = {
    ...(await exportJWK(context.signingKey.privateKey)),
    kid: context.signingKey.kid,
    alg: SIGNING_ALGORITHM,
    use: "sig",
  };
  type Ctx = {
    type: string;
    body: string;
    status: number;
    query: Record<string, unknown>;
    get(header: string): string;
    oidc: {
      params?: Record<string, unknown>;
      client?: { clientId: string; clientAuthMethod: string };
      entities?: Record<string, { grantId?: string } | undefined>;
    };
  };
  const errorPage = (ctx: Ctx, code: string, description: string) => {
    const page = renderLoginPage(tenantLook(context.store), {
      prompt: "error",
      screen: "error",
      language: chooseLanguage(
        enabledLocales(context.store),
        typeof ctx.oidc.params?.ui_locales === "string" ? ctx.oidc.params.ui_locales : undefined,
        ctx.get("accept-language"),
      ),
      error: { code, description },
    });
    ctx.type = "html";
    ctx.body = page.html;
  };
  class Adapter extends MemoryAdapter {
    constructor(model: string) {
      super(model, accounts);
    }
  }
  const provider = new Provider(issuer, {
    adapter: Adapter,
    jwks: { keys: [privateJwk] },
    // Cookies are signed with a key of this process: a restart ends sessions, never forges them.
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    routes: LOGIN_PATHS,
    scopes: ["openid", "profile", "email", "offline_access"],
    claims: {
      openid: ["sub"],
      profile: ["name", "nickname", "picture", "updated_at"],
      email: ["email", "email_verified"],
    },
    // The service puts the profile and email claims in the ID token whatever else is issued.
    conformIdTokenClaims: false,
    responseTypes: ["code"],
    extraParams: ["audience", "screen_hint", "connection"],
    pkce: { required: (_ctx: Ctx, client: { clientAuthMethod: string }) => client.clientAuthMethod === "none" },
    ttl: LOGIN_LIFETIMES,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The service signs out without asking: the form submits itself (a button for browsers without script).
        logoutSource: async (ctx: Ctx, form: string) => {
          ctx.type = "html";
          ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Logout</title></head><body>${form.replace(
            "</form>",
            '<input type="hidden" name="logout" value="yes"></form>',
          )}<button type="submit" form="op.logoutForm">Log out</button><script>document.forms[0].submit()</script></body></html>`;
        },
        postLogoutSuccessSource: async (ctx: Ctx) => {
          ctx.type = "html";
          ctx.body =
            '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Logged out</title></head><body><p>You are logged out.</p></body></html>';
        },
      },
      resourceIndicators: {
        enabled: true,
        // The service's `audience` is the API the access token is for.
        defaultResource: async (ctx: Ctx, _client: unknown, oneOf?: string) =>
          oneOf ?? (typeof ctx.oidc.params?.audience === "string" ? ctx.oidc.params.audience : undefined),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: Ctx, resource: string) => ({
          audience: resource,
          scope: "openid profile email",
          accessTokenFormat: "jwt",
          accessTokenTTL: LOGIN_LIFETIMES.AccessToken,
          jwt: { sign: { alg: SIGNING_ALGORITHM } },
        }),
      },
    },
    interactions: {
      policy,
      url: async (ctx: Ctx, interaction: { uid: string }) => {
        const ext = extParamsOf(ctx.query ?? {});
        if (Object.keys(ext).length > 0) {
          if (extParams.size >= MAX_ARTEFACTS_PER_MODEL) extParams.delete(extParams.keys().next().value!);
          extParams.set(interaction.uid, ext);
        }
        const identifierFirst = promptSettings(context.store)?.identifier_first === true;
        return interactionUrl(ctx.oidc.params?.screen_hint, interaction.uid, identifierFirst);
      },
    },
    findAccount: async (_ctx: Ctx, sub: string) => {
      const user = accounts.user(sub);
      if (!user) return undefined;
      return {
        accountId: user.user_id,
        claims: async () => ({
          sub: user.user_id,
          email: user.email,
          email_verified: user.email_verified,
          name: user.name,
          nickname: user.nickname,
          picture: user.picture,
          updated_at: user.updated_at,
        }),
      };
    },
    // The claims a post-login action set with api.accessToken.setCustomClaim.
    extraTokenClaims: async (_ctx: Ctx, token: { grantId?: string }) => outcomes.accessTokenClaims(token.grantId),
    renderError: async (ctx: Ctx, out: { error?: string; error_description?: string }) =>
      errorPage(ctx, out.error ?? "server_error", out.error_description ?? "The login failed."),
    clientBasedCORS: () => false,
  });
  // The claims set with api.idToken.setCustomClaim: the library keeps only the claims its scopes
  // name in an ID token, so they are added to its payload, by the grant the token comes from.
  const idTokenPrototype = provider.IdToken.prototype as unknown as {
    payload(): Promise<Record<string, unknown>>;
    ctx?: Ctx;
  };
  const basePayload = idTokenPrototype.payload;
  idTokenPrototype.payload = async function (this: typeof idTokenPrototype) {
    const payload = await basePayload.call(this);
    const entities = this.ctx?.oidc.entities ?? {};
    const grantId = entities.AuthorizationCode?.grantId ?? entities.RefreshToken?.grantId;
    return { ...outcomes.idTokenClaims(grantId), ...payload };
  };
  return provider;
}
