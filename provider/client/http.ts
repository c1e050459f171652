/**
 * The one client that speaks to the tenant's management API; resource code never sees
 * axios. It composes three jobs, each in its own file:
 *
 * - the token (`token.ts`): fetched once, renewed before expiry, renewed once more when
 *   the API says it expired;
 * - the transport (`transport.ts`): the shared limiter, 429 waits, retries and timeouts,
 *   and what a request without answer means;
 * - failures (`failures.ts`): an error answer as a typed error saying what to do.
 *
 * A failure that fails every later call too blocks the client for the rest of the process
 * (`context.ts`): the first caller gets the full message, later ones a short pointer.
 */
import { ERROR_CODES } from "../../api";
import { ClientContext, named } from "./context";
import type { ErrorTarget } from "./errors";
import { apiFailure, errorBody } from "./failures";
import { Limiter, sleep as defaultSleep, type Sleep } from "./limiter";
import type { TenantSettings } from "./settings";
import { TokenSource } from "./token";
import { type HttpMethod, type Query, Transport } from "./transport";

export type { HttpMethod } from "./transport";

/** Options of a {@link TenantClient}. */
export interface TenantClientOptions {
  /** Shared limiter (default: a new one with 8 requests in flight). */
  limiter?: Limiter;
  /** Per-request timeout in ms (default: the settings' `timeoutSeconds`, 10 s). */
  timeoutMs?: number;
  /** Longest total time spent waiting out 429s for one call, in ms (default 5 minutes). */
  rateLimitBudgetMs?: number;
  /** Attempts for 5xx and network errors on idempotent calls (default: the settings' `maxRetries` + 1, i.e. 3). */
  maxAttempts?: number;
  /** First back-off delay in ms (default 250); doubles per attempt, jittered. */
  backoffBaseMs?: number;
  /** Longest back-off delay in ms (default 8 s). */
  backoffMaxMs?: number;
  /** Sleep, for tests. */
  sleep?: Sleep;
  /** Clock, for tests. */
  now?: () => number;
  /**
   * Reuse connections (default true). A Pulumi program's lookups pass false: an idle
   * kept-alive socket would keep the program's process alive until the server drops it.
   */
  keepAlive?: boolean;
}

/** One management API call. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path under `/api/v2`, starting with `/`: `/forms/ap_…`. */
  path: string;
  /** Query parameters; arrays repeat the key. */
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** What the call is about, for error messages. */
  target: ErrorTarget;
  /** Secret values in the body (webhook passwords…), kept out of every message. */
  secrets?: (string | undefined)[];
}

/** A successful response. */
export interface ApiResponse<T = unknown> {
  status: number;
  data: T;
}

/** The management API client of one tenant in one provider process (or one program, for lookups). */
export class TenantClient {
  readonly settings: TenantSettings;
  private readonly ctx: ClientContext;
  private readonly transport: Transport;
  private readonly tokens: TokenSource;

  constructor(settings: TenantSettings, options: TenantClientOptions = {}) {
    this.settings = settings;
    this.ctx = new ClientContext(settings, {
      timeoutMs: options.timeoutMs ?? settings.timeoutMs ?? 10_000,
      rateLimitBudgetMs: options.rateLimitBudgetMs ?? 5 * 60_000,
      maxAttempts: Math.max(1, options.maxAttempts ?? (settings.maxRetries ?? 2) + 1),
      backoffBaseMs: options.backoffBaseMs ?? 250,
      backoffMaxMs: options.backoffMaxMs ?? 8_000,
      sleep: options.sleep ?? defaultSleep,
      now: options.now ?? Date.now,
      keepAlive: options.keepAlive ?? true,
    });
    this.transport = new Transport(
      this.ctx,
      options.limiter ?? new Limiter({ sleep: options.sleep, now: options.now }),
    );
    this.tokens = new TokenSource(this.ctx, this.transport);
  }

  /**
   * True once a failure stops every call of this client (settings, token, an unreachable
   * tenant): what failed then is the tenant, not the one call.
   */
  get unusable(): boolean {
    return this.ctx.blocked !== undefined;
  }

  /** The per-request timeout in ms. */
  get timeoutMs(): number {
    return this.ctx.options.timeoutMs;
  }

  /** Attempts per idempotent call (retries + 1). */
  get maxAttempts(): number {
    return this.ctx.options.maxAttempts;
  }

  /**
   * Makes sure the tenant can be used: with client credentials, gets a token (once per
   * client; renewals are the calls' business). With a static token there is nothing to
   * check without a request that needs a scope, so nothing is sent. Throws the same
   * errors as a call would; `about` (e.g. `form "Sign-up"`) is named in later pointers.
   */
  async verify(about?: string): Promise<void> {
    this.ctx.throwIfBlocked(about);
    if (this.settings.apiToken) return;
    await this.tokens.tokenFor(about);
  }

  /** Sends one call and returns the 2xx response, or throws a `TenantError`. */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const about = named(req.target);
    const secrets = req.secrets ?? [];
    let renewedToken = false;
    for (;;) {
      this.ctx.throwIfBlocked(about);
      const token = await this.tokens.tokenFor(about);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (req.body !== undefined) headers["Content-Type"] = "application/json";
      const response = await this.transport.send({
        method: req.method,
        url: `${this.settings.apiBaseUrl}${req.path}`,
        headers,
        data: req.body,
        params: req.query,
        target: req.target,
        secrets,
      });
      if (response.status >= 200 && response.status < 300) {
        return { status: response.status, data: response.data as T };
      }
      const body = errorBody(response.data);
      // An expired or revoked token: fetch a fresh one once, if we can.
      if (
        response.status === 401 &&
        body.errorCode === ERROR_CODES.invalidToken &&
        !renewedToken &&
        !this.settings.apiToken
      ) {
        renewedToken = true;
        this.tokens.forget();
        continue;
      }
      throw apiFailure(this.ctx, response.status, body, req.target, secrets);
    }
  }

  /** GET helper. */
  get<T = unknown>(path: string, target: ErrorTarget, query?: ApiRequest["query"]): Promise<ApiResponse<T>> {
    return this.request<T>({ method: "GET", path, target, query });
  }
}
