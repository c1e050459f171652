/**
 * The access token of one tenant's client: with client credentials, fetched once and
 * renewed before it expires (one request in flight for every waiting caller); with a
 * static token, that token. Every failure to get one is a {@link SharedFailure}: it would
 * fail every call, so it blocks the client and is told in full once.
 */
import type { AxiosResponse } from "axios";
import { type ClientContext, attempts } from "./context";
import {
  ConfigurationError,
  type ErrorTarget,
  excerpt,
  NetworkError,
  RateLimitedError,
  ServerError,
  SharedFailure,
  TenantError,
  UnauthorizedError,
} from "./errors";
import { headerNumber } from "./limiter";
import { NetworkFailureError, type Transport } from "./transport";
import { clientCredentialsFields } from "../../api/client-credentials";

/** The token answer of the OAuth token endpoint, or its error. */
type TokenAnswer = { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };

const LEAD = "Could not get an access token";

export class TokenSource {
  private pending?: Promise<string>;

  constructor(
    private readonly ctx: ClientContext,
    private readonly transport: Transport,
  ) {}

  /** The token, or the blocking failure's error for `about` (the call that needed it). */
  async tokenFor(about: string | undefined): Promise<string> {
    try {
      return await this.current();
    } catch (failure) {
      if (failure instanceof SharedFailure) throw this.ctx.block(failure).next(about);
      throw failure;
    }
  }

  /** Forgets the token (an expired or revoked one): the next call fetches a fresh one. */
  forget(): void {
    this.ctx.token = undefined;
  }

  private async current(): Promise<string> {
    const { settings, options, token } = this.ctx;
    if (settings.apiToken) return settings.apiToken;
    if (token && options.now() < token.renewAt) return token.value;
    // Single flight: every caller waiting for a token shares one request (and one failure).
    this.pending ??= this.fetch().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** A failure of the token request: the full message, and a few words for later callers. */
  private failure(
    make: (message: string) => Error,
    problem: string,
    remedy: string,
    summary: string,
    clause = false,
  ): SharedFailure {
    return new SharedFailure(
      make,
      this.ctx.hide(`${LEAD}: ${problem}. ${remedy}.`),
      this.ctx.hide(
        clause
          ? `${LEAD.toLowerCase()}: ${summary}`
          : `${LEAD.toLowerCase()} from ${this.ctx.settings.origin} (${summary})`,
      ),
    );
  }

  /** Requests a token; every failure is a {@link SharedFailure} (it would fail every call). */
  private async fetch(): Promise<string> {
    const { settings, options } = this.ctx;
    const target: ErrorTarget = { kind: "access token", action: "request" };
    // The service's token request (api/client-credentials.ts), form-encoded, through this client's transport.
    const params = new URLSearchParams(
      clientCredentialsFields({
        tokenUrl: settings.tokenUrl,
        clientId: settings.clientId ?? "",
        clientSecret: settings.clientSecret ?? "",
        audience: settings.audience,
      }),
    );
    const started = options.now();
    let response: AxiosResponse;
    try {
      // A token request creates nothing: repeating it is safe.
      response = await this.transport.send(
        {
          method: "POST",
          url: settings.tokenUrl,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          data: params.toString(),
          target,
          secrets: [],
        },
        { idempotent: true, blockOnNetworkFailure: false },
      );
    } catch (error) {
      if (error instanceof NetworkFailureError) {
        const { problem, remedy, summary } = error.failure;
        throw this.failure(
          (m) => new NetworkError(target, problem, remedy, { message: m }),
          problem,
          remedy,
          summary,
          true,
        );
      }
      if (error instanceof TenantError) {
        const tenantError = error;
        throw this.failure(
          (m) =>
            new RateLimitedError(target, tenantError.problem, undefined, { status: tenantError.status, message: m }),
          tenantError.problem,
          "Try again later, or lower `pulumi up --parallel`",
          "still rate limited (429)",
        );
      }
      throw error;
    }
    const data = response.data as TokenAnswer | undefined;
    if (response.status === 200 && typeof data?.access_token === "string") {
      const lifetimeMs = (headerNumber(data.expires_in) ?? 86_400) * 1000;
      // Renew before expiry: at 90 % of the lifetime, and at least a few seconds early.
      const margin = Math.min(5 * 60_000, Math.max(lifetimeMs * 0.1, Math.min(5_000, lifetimeMs / 2)));
      this.ctx.token = { value: data.access_token, renewAt: started + lifetimeMs - margin };
      return data.access_token;
    }
    throw this.refusal(response, target);
  }

  /** The failure of a token endpoint that answered without a token. */
  private refusal(response: AxiosResponse, target: ErrorTarget): SharedFailure {
    const { settings, options } = this.ctx;
    const data = response.data as TokenAnswer | undefined;
    const status = response.status;
    const oauthError = typeof data?.error === "string" ? data.error : undefined;
    const reason = oauthError
      ? `${status} ${excerpt(oauthError, 60)}${typeof data?.error_description === "string" ? `: ${excerpt(data.error_description)}` : ""}`
      : `${status}${typeof response.data === "string" && response.data && !/^\s*</.test(response.data) ? `: ${excerpt(response.data, 80)}` : ""}`;
    const details = { status, errorCode: oauthError };
    const answered = `${status}${oauthError ? ` ${oauthError}` : ""}`;
    const credentials = `Check ${this.ctx.setting("clientId")} and ${this.ctx.setting("clientSecret")}`;
    const checkDomain = `Check ${this.ctx.setting("domain")}: the tenant's domain (my-tenant.eu.auth0.com) or the origin of a tenant server (http://127.0.0.1:4010)`;
    const refused = `the token endpoint ${settings.tokenUrl} refused client ${settings.clientId} (${reason})`;
    const unauthorized = (m: string) => new UnauthorizedError(target, reason, undefined, { ...details, message: m });
    if (status === 401) {
      return this.failure(
        unauthorized,
        refused,
        `${credentials} (\`pulumi config set --secret ${this.ctx.key("clientSecret")} -- <client secret>\`)`,
        answered,
      );
    }
    if (status === 403) {
      return this.failure(
        unauthorized,
        refused,
        `${credentials}, and that this application is authorized for the Management API (audience ${settings.audience}, ${this.ctx.setting("audience")})`,
        answered,
      );
    }
    if (status === 404) {
      return this.failure(
        (m) => new ConfigurationError(m),
        `${settings.tokenUrl} answered 404 (not found), so ${this.ctx.key("domain")} "${excerpt(settings.domain, 100)}" does not lead to a tenant`,
        checkDomain,
        "404 from the token endpoint",
      );
    }
    if (status >= 500) {
      return this.failure(
        (m) => new ServerError(target, reason, undefined, { ...details, message: m }),
        `${settings.tokenUrl} failed with ${reason} on ${attempts(options.maxAttempts)}`,
        "The tenant is having problems: try again later",
        `${status} from the token endpoint`,
      );
    }
    return this.failure(
      (m) => new ConfigurationError(m),
      `${settings.tokenUrl} answered ${reason}, not a token`,
      checkDomain,
      `${status} from the token endpoint`,
    );
  }
}
