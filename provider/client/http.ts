/**
 * The one module that speaks HTTP to the tenant. Token fetch and renewal, the shared
 * limiter, retries, timeouts and typed errors live here; resource code never sees axios.
 *
 * Waits are bounded by the tenant's settings: each request waits at most
 * `timeoutSeconds` for an answer (default 10 s) and a request without answer, or
 * with a 5xx, is repeated at most `maxRetries` times (default 2), so a host that
 * accepts connections and never answers fails a call in about
 * `(maxRetries + 1) × timeoutSeconds` (31 s by default). Time spent queued behind the
 * rate limit is not counted: the server is answering then.
 *
 * Retry policy:
 * - 429: wait `Retry-After`, else until `X-RateLimit-Reset`, then retry; any number of
 *   times within a total budget (5 minutes by default). Safe for every method: a 429 is
 *   refused before any work is done.
 * - 5xx, 408 and network errors: jittered exponential back-off for GET, PUT, PATCH and
 *   DELETE (they are idempotent: they send the whole desired value).
 * - POST is never re-sent once it may have reached the server: a 5xx, a timeout or a
 *   dropped connection raises {@link OutcomeUnknownError}, and the resource layer looks
 *   for the object before creating again. Only a refused connection (nothing was sent)
 *   is retried.
 *
 * Failures that will fail every later call too — the token endpoint refusing the
 * credentials or missing (a wrong domain), the tenant not answering after every retry,
 * a static token refused — block the client for the rest of the process: the first
 * caller gets the full message, later ones a short pointer to it ({@link SharedFailure}),
 * and nobody waits for a dead host twice.
 */
import * as http from "node:http";
import * as https from "node:https";
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import { ERROR_CODES, isApiErrorBody } from "../../api";
import {
  ConfigurationError,
  ConflictError,
  describeTarget,
  type ErrorTarget,
  excerpt,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  RateLimitedError,
  redact,
  ServerError,
  SharedFailure,
  TenantError,
  UnauthorizedError,
  ValidationError,
} from "./errors";
import { headerNumber, Limiter, sleep as defaultSleep, type Sleep } from "./limiter";
import { configKeys, DEFAULT_NAMESPACE, settingSource, type TenantSettings } from "./settings";

/** HTTP methods the management API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

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
  query?: Record<string, string | number | boolean | string[] | undefined>;
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

interface Exchange {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  data?: unknown;
  params?: ApiRequest["query"];
  target: ErrorTarget;
  secrets: (string | undefined)[];
}

/** Error codes of Node/axios network errors that prove nothing was sent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);
/** Error codes of a request that got no answer in time. */
const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT", "ERR_SOCKET_CONNECTION_TIMEOUT"]);
/** Error codes of TLS certificate problems (retrying does not help). */
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS/;

const INSUFFICIENT_SCOPE = /expected (?:any of|all of)?:?\s*([a-z_]+:[a-z_]+(?:[ ,]+[a-z_]+:[a-z_]+)*)/i;

/** Seconds, for messages: `10 s`, `0.5 s`. */
function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} s`;
}

/** What happened to a request that got no usable answer, in words, with what was waited for. */
interface NetworkFailure {
  /** The error code (`ECONNABORTED`, `ECONNREFUSED`, …). */
  code: string;
  /** What went wrong: `no answer from http://… to GET /api/v2/forms within 10 s (3 attempts over 31 s)`. */
  problem: string;
  /** What to do. */
  remedy: string;
  /** A few words for later callers. */
  summary: string;
}

/** The management API client of one tenant in one provider process (or one program, for lookups). */
export class TenantClient {
  readonly settings: TenantSettings;
  private readonly http: AxiosInstance;
  private readonly limiter: Limiter;
  private readonly options: Required<Omit<TenantClientOptions, "limiter">>;
  private token?: { value: string; renewAt: number };
  private pendingToken?: Promise<string>;
  /** Set once a failure makes every later call fail too (see the module comment). */
  private blocked?: SharedFailure;

  constructor(settings: TenantSettings, options: TenantClientOptions = {}) {
    this.settings = settings;
    this.limiter = options.limiter ?? new Limiter({ sleep: options.sleep, now: options.now });
    this.options = {
      timeoutMs: options.timeoutMs ?? settings.timeoutMs ?? 10_000,
      rateLimitBudgetMs: options.rateLimitBudgetMs ?? 5 * 60_000,
      maxAttempts: Math.max(1, options.maxAttempts ?? (settings.maxRetries ?? 2) + 1),
      backoffBaseMs: options.backoffBaseMs ?? 250,
      backoffMaxMs: options.backoffMaxMs ?? 8_000,
      sleep: options.sleep ?? defaultSleep,
      now: options.now ?? Date.now,
      keepAlive: options.keepAlive ?? true,
    };
    this.http = axios.create({
      httpAgent: new http.Agent({ keepAlive: this.options.keepAlive }),
      httpsAgent: new https.Agent({ keepAlive: this.options.keepAlive }),
      timeout: this.options.timeoutMs,
      validateStatus: () => true,
      maxRedirects: 0,
      headers: { "User-Agent": "pulumi-tenant" },
      paramsSerializer: { indexes: null },
    });
  }

  /**
   * True once a failure stops every call of this client (settings, token, an unreachable
   * tenant): what failed then is the tenant, not the one call.
   */
  get unusable(): boolean {
    return this.blocked !== undefined;
  }

  /** The per-request timeout in ms. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Attempts per idempotent call (retries + 1). */
  get maxAttempts(): number {
    return this.options.maxAttempts;
  }

  /**
   * Makes sure the tenant can be used: with client credentials, gets a token (once per
   * client; renewals are the calls' business). With a static token there is nothing to
   * check without a request that needs a scope, so nothing is sent. Throws the same
   * errors as a call would; `about` (e.g. `form "Sign-up"`) is named in later pointers.
   */
  async verify(about?: string): Promise<void> {
    if (this.blocked) throw this.blocked.next(about);
    if (this.settings.apiToken) return;
    await this.tokenFor(about);
  }

  /** Sends one call and returns the 2xx response, or throws a {@link TenantError}. */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const about = named(req.target);
    let renewedToken = false;
    for (;;) {
      if (this.blocked) throw this.blocked.next(about);
      const token = await this.tokenFor(about);
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (req.body !== undefined) headers["Content-Type"] = "application/json";
      const response = await this.exchange({
        method: req.method,
        url: `${this.settings.apiBaseUrl}${req.path}`,
        headers,
        data: req.body,
        params: req.query,
        target: req.target,
        secrets: req.secrets ?? [],
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
        this.token = undefined;
        continue;
      }
      throw this.toError(response.status, body, req.target, req.secrets ?? []);
    }
  }

  /** GET helper. */
  get<T = unknown>(path: string, target: ErrorTarget, query?: ApiRequest["query"]): Promise<ApiResponse<T>> {
    return this.request<T>({ method: "GET", path, target, query });
  }

  /** Secrets this client knows, for redaction. */
  private ownSecrets(): (string | undefined)[] {
    return [this.settings.clientSecret, this.settings.apiToken, this.token?.value];
  }

  /** `tenant:domain` or `prod:domain` (with the environment variable for the default namespace). */
  private setting(
    name: "domain" | "clientId" | "clientSecret" | "apiToken" | "audience" | "timeoutSeconds" | "maxRetries",
  ): string {
    return settingSource(this.settings.namespace ?? DEFAULT_NAMESPACE, name);
  }

  /** The key alone: `tenant:timeoutSeconds`. */
  private key(name: "domain" | "timeoutSeconds" | "maxRetries"): string {
    return configKeys(this.settings.namespace ?? DEFAULT_NAMESPACE)[name];
  }

  /** The token, or the shared failure's error for `about`. */
  private async tokenFor(about: string | undefined): Promise<string> {
    try {
      return await this.accessToken();
    } catch (failure) {
      if (failure instanceof SharedFailure) {
        this.blocked ??= failure;
        throw this.blocked.next(about);
      }
      throw failure;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.settings.apiToken) return this.settings.apiToken;
    if (this.token && this.options.now() < this.token.renewAt) return this.token.value;
    // Single flight: every caller waiting for a token shares one request (and one failure).
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  /** Requests a token; every failure is a {@link SharedFailure} (it would fail every call). */
  private async fetchToken(): Promise<string> {
    const target: ErrorTarget = { kind: "access token", action: "request" };
    const params = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: this.settings.clientId ?? "",
      client_secret: this.settings.clientSecret ?? "",
      audience: this.settings.audience,
    });
    const started = this.options.now();
    const hide = (text: string) => redact(text, this.ownSecrets());
    const lead = "Could not get an access token";
    // `summary` says what the answer was (`401 invalid_client`), or is a whole clause for a request without answer.
    const fail = (
      make: (message: string) => Error,
      problem: string,
      remedy: string,
      summary: string,
      clause = false,
    ): SharedFailure =>
      new SharedFailure(
        make,
        hide(`${lead}: ${problem}. ${remedy}.`),
        hide(
          clause
            ? `${lead.toLowerCase()}: ${summary}`
            : `${lead.toLowerCase()} from ${this.settings.origin} (${summary})`,
        ),
      );
    let response: AxiosResponse;
    try {
      // A token request creates nothing: repeating it is safe.
      response = await this.exchange(
        {
          method: "POST",
          url: this.settings.tokenUrl,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          data: params.toString(),
          target,
          secrets: [],
        },
        true,
        false,
      );
    } catch (error) {
      if (error instanceof NetworkFailureError) {
        const failure = error.failure;
        throw fail(
          (m) => new NetworkError(target, failure.problem, failure.remedy, { message: m }),
          failure.problem,
          failure.remedy,
          failure.summary,
          true,
        );
      }
      if (error instanceof TenantError) {
        const tenantError = error;
        throw fail(
          (m) =>
            new RateLimitedError(target, tenantError.problem, undefined, { status: tenantError.status, message: m }),
          tenantError.problem,
          "Try again later, or lower `pulumi up --parallel`",
          "still rate limited (429)",
        );
      }
      throw error;
    }
    const data = response.data as
      { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | undefined;
    if (response.status === 200 && typeof data?.access_token === "string") {
      const lifetimeMs = (headerNumber(data.expires_in) ?? 86_400) * 1000;
      // Renew before expiry: at 90 % of the lifetime, and at least a few seconds early.
      const margin = Math.min(5 * 60_000, Math.max(lifetimeMs * 0.1, Math.min(5_000, lifetimeMs / 2)));
      this.token = { value: data.access_token, renewAt: started + lifetimeMs - margin };
      return data.access_token;
    }
    const status = response.status;
    const oauthError = typeof data?.error === "string" ? data.error : undefined;
    const reason = oauthError
      ? `${status} ${excerpt(oauthError, 60)}${typeof data?.error_description === "string" ? `: ${excerpt(data.error_description)}` : ""}`
      : `${status}${typeof response.data === "string" && response.data && !/^\s*</.test(response.data) ? `: ${excerpt(response.data, 80)}` : ""}`;
    const details = { status, errorCode: oauthError };
    const credentials = `Check ${this.setting("clientId")} and ${this.setting("clientSecret")}`;
    const checkDomain = `Check ${this.setting("domain")}: the tenant's domain (my-tenant.eu.auth0.com) or the origin of a tenant server (http://127.0.0.1:4010)`;
    if (status === 401) {
      throw fail(
        (m) => new UnauthorizedError(target, reason, undefined, { ...details, message: m }),
        `the token endpoint ${this.settings.tokenUrl} refused client ${this.settings.clientId} (${reason})`,
        `${credentials} (\`pulumi config set --secret ${configKeys(this.settings.namespace ?? DEFAULT_NAMESPACE).clientSecret} <client secret>\`)`,
        `${status}${oauthError ? ` ${oauthError}` : ""}`,
      );
    }
    if (status === 403) {
      throw fail(
        (m) => new UnauthorizedError(target, reason, undefined, { ...details, message: m }),
        `the token endpoint ${this.settings.tokenUrl} refused client ${this.settings.clientId} (${reason})`,
        `${credentials}, and that this application is authorized for the Management API (audience ${this.settings.audience}, ${this.setting("audience")})`,
        `${status}${oauthError ? ` ${oauthError}` : ""}`,
      );
    }
    if (status === 404) {
      throw fail(
        (m) => new ConfigurationError(m),
        `${this.settings.tokenUrl} answered 404 (not found), so ${this.key("domain")} "${excerpt(this.settings.domain, 100)}" does not lead to a tenant`,
        checkDomain,
        "404 from the token endpoint",
      );
    }
    if (status >= 500) {
      throw fail(
        (m) => new ServerError(target, reason, undefined, { ...details, message: m }),
        `${this.settings.tokenUrl} failed with ${reason} on ${this.options.maxAttempts} attempt${this.options.maxAttempts > 1 ? "s" : ""}`,
        "The tenant is having problems: try again later",
        `${status} from the token endpoint`,
      );
    }
    throw fail(
      (m) => new ConfigurationError(m),
      `${this.settings.tokenUrl} answered ${reason}, not a token`,
      checkDomain,
      `${status} from the token endpoint`,
    );
  }

  /**
   * Sends a request through the limiter, waiting out 429s and retrying 5xx and network
   * errors when `idempotent`. Returns any non-429 response that is final. A network
   * failure after every attempt blocks the client (see the module comment) unless
   * `blockOnNetworkFailure` is false (the token request reports its own).
   */
  private async exchange(
    ex: Exchange,
    idempotent = ex.method !== "POST",
    blockOnNetworkFailure = true,
  ): Promise<AxiosResponse> {
    const started = this.options.now();
    let failures = 0;
    for (;;) {
      let response: AxiosResponse;
      /** This attempt's place in the limiter's order of starts (see `Limiter.observe`). */
      let ticket: number | undefined;
      try {
        // A call queued or between attempts when the tenant was found unusable does not send (or wait) again.
        const sent = await this.limiter.run(async (started) => {
          ticket = started;
          return (
            this.blocked ??
            this.http.request({
              method: ex.method,
              url: ex.url,
              headers: ex.headers,
              data: ex.data,
              params: ex.params,
            })
          );
        });
        if (sent instanceof SharedFailure) throw sent.next(named(ex.target));
        response = sent;
      } catch (error) {
        if (error instanceof TenantError || error instanceof ConfigurationError) throw error;
        const code = networkCode(error);
        const notSent = NOT_SENT_CODES.has(code);
        const tls = TLS_CODES.test(code);
        failures += 1;
        if (!idempotent && !notSent && !tls) {
          // A POST that may have reached the server: never re-sent blindly (see the module comment).
          const failure = this.networkFailure(error, code, ex, failures, started);
          throw new OutcomeUnknownError(
            ex.target,
            redact(`${failure.problem}; the request may or may not have been applied`, [
              ...this.ownSecrets(),
              ...ex.secrets,
            ]),
            undefined,
            { timedOut: TIMEOUT_CODES.has(code) },
          );
        }
        if (!tls && failures < this.options.maxAttempts) {
          await this.options.sleep(this.backoff(failures));
          continue;
        }
        const failure = this.networkFailure(error, code, ex, failures, started);
        if (!blockOnNetworkFailure) throw new NetworkFailureError(failure);
        const target = ex.target;
        this.blocked ??= new SharedFailure(
          (m) => new NetworkError(target, failure.problem, failure.remedy, { message: m }),
          `${describeTarget(target)}: ${target.action} failed: ${failure.problem}. ${failure.remedy}.`,
          failure.summary,
        );
        throw this.blocked.next(named(target));
      }
      this.limiter.observe(
        {
          remaining: headerNumber(response.headers["x-ratelimit-remaining"]),
          resetEpochSeconds: headerNumber(response.headers["x-ratelimit-reset"]),
          limit: headerNumber(response.headers["x-ratelimit-limit"]),
        },
        ticket,
      );
      if (response.status === 429) {
        const wait = this.rateLimitWait(response, failures);
        if (this.options.now() + wait - started > this.options.rateLimitBudgetMs) {
          throw new RateLimitedError(
            ex.target,
            `still rate limited (429) after ${Math.round((this.options.now() - started) / 1000)} s of retries`,
            "Lower the parallelism (`pulumi up --parallel 2`) or raise the tenant's rate limit, then run again",
            { status: 429, errorCode: ERROR_CODES.tooManyRequests },
          );
        }
        this.limiter.rateLimited(wait);
        continue;
      }
      if (response.status >= 500 || response.status === 408) {
        if (!idempotent) {
          throw new OutcomeUnknownError(
            ex.target,
            `the server answered ${response.status} after receiving ${ex.method} ${pathOf(ex.url)}; the request may or may not have been applied`,
            undefined,
            { status: response.status },
          );
        }
        failures += 1;
        if (failures < this.options.maxAttempts) {
          await this.options.sleep(this.backoff(failures));
          continue;
        }
      }
      return response;
    }
  }

  /** Describes a request that got no usable answer: what was waited for, how long, and what to check. */
  private networkFailure(
    error: unknown,
    code: string,
    ex: Exchange,
    attempts: number,
    started: number,
  ): NetworkFailure {
    const hide = (text: string) => redact(text, [...this.ownSecrets(), ...ex.secrets]);
    const origin = this.settings.origin;
    const call = `${ex.method} ${pathOf(ex.url)}`;
    const tries = `${attempts} attempt${attempts > 1 ? "s" : ""}`;
    const over = attempts > 1 ? ` over ${seconds(this.options.now() - started)}` : "";
    const domain = this.setting("domain");
    if (TIMEOUT_CODES.has(code)) {
      return {
        code,
        problem: `no answer from ${origin} to ${call} within ${seconds(this.options.timeoutMs)} (${tries}${over})`,
        remedy: `Check ${domain} and the network, or raise ${this.key("timeoutSeconds")} / ${this.key("maxRetries")}`,
        summary: `${origin} did not answer within ${seconds(this.options.timeoutMs)}`,
      };
    }
    if (code === "ECONNREFUSED") {
      return {
        code,
        problem: `nothing accepts connections at ${origin} (connection refused, ${tries}${over})`,
        remedy: `Check ${domain} and that the tenant is reachable from here`,
        summary: `${origin} refused the connection`,
      };
    }
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return {
        code,
        problem: `the host ${hostOf(origin)} could not be resolved (${code}, ${tries})`,
        remedy: `Check ${domain}: the tenant's domain, such as my-tenant.eu.auth0.com`,
        summary: `the host ${hostOf(origin)} could not be resolved`,
      };
    }
    if (code === "ECONNRESET" || code === "EPIPE") {
      return {
        code,
        problem: `the connection to ${origin} was dropped during ${call} (${tries}${over})`,
        remedy: `Check ${domain} and the network, then run again`,
        summary: `${origin} dropped the connection`,
      };
    }
    if (TLS_CODES.test(code)) {
      return {
        code,
        problem: `the TLS certificate of ${origin} is not trusted (${code})`,
        remedy: `Check ${domain}; for a server with its own CA, trust it with NODE_EXTRA_CA_CERTS=<ca.pem>`,
        summary: `the TLS certificate of ${origin} is not trusted`,
      };
    }
    // Only the error's own message: axios errors also carry the request config and headers.
    const message = error instanceof Error ? error.message : String(error);
    return {
      code,
      problem: hide(`a network error occurred during ${call} to ${origin} (${code}: ${excerpt(message)}, ${tries})`),
      remedy: `Check ${domain} and the network, then run again`,
      summary: `a network error (${code}) reaching ${origin}`,
    };
  }

  private rateLimitWait(response: AxiosResponse, attempt: number): number {
    const retryAfter = headerNumber(response.headers["retry-after"]);
    if (retryAfter !== undefined) return retryAfter * 1000 + Math.floor(Math.random() * 100);
    const reset = headerNumber(response.headers["x-ratelimit-reset"]);
    if (reset !== undefined) return Math.max(0, reset * 1000 - this.options.now()) + Math.floor(Math.random() * 100);
    return this.backoff(attempt + 1);
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private toError(status: number, body: ErrorBody, target: ErrorTarget, secrets: (string | undefined)[]): Error {
    const hide = (text: string) => redact(text, [...this.ownSecrets(), ...secrets]);
    const serverMessage = hide(excerpt(body.message ?? `HTTP ${status}`));
    const details = { status, errorCode: body.errorCode };
    const client = this.settings.clientId ? `client ${this.settings.clientId}` : "the configured token";
    const about = describeTarget(target);
    switch (true) {
      case status === 400 || status === 413 || status === 415 || status === 422:
        return new ValidationError(target, serverMessage, details);
      case status === 401 && (body.errorCode === ERROR_CODES.notGlobalClient || /global/i.test(serverMessage)):
        return new UnauthorizedError(
          target,
          `${client} is not a global client (${serverMessage})`,
          `This operation needs a global client: use the tenant's global management client in ${this.setting("clientId")}`,
          details,
        );
      case status === 401: {
        // Every later call would be refused the same way: tell it once.
        const remedy = this.settings.apiToken
          ? `Check ${this.setting("apiToken")}: it may be expired or for another tenant (audience ${this.settings.audience})`
          : `Check ${this.setting("clientId")}, ${this.setting("clientSecret")} and ${this.setting("audience")}`;
        const problem = `the access token was refused (${serverMessage})`;
        this.blocked ??= new SharedFailure(
          (m) => new UnauthorizedError(target, problem, remedy, { ...details, message: m }),
          `${about}: ${target.action} failed: ${problem}. ${remedy}.`,
          `the tenant ${this.settings.origin} refused the access token (401)`,
        );
        return this.blocked.next(named(target));
      }
      case status === 403 && body.errorCode === ERROR_CODES.insufficientScope: {
        const missingScope = INSUFFICIENT_SCOPE.exec(serverMessage)?.[1];
        return new ForbiddenError(
          target,
          `${client} lacks the scope ${missingScope ?? "needed"} (${serverMessage})`,
          `Grant ${missingScope ?? "the scope"} to ${client} on the management API and run again`,
          { ...details, missingScope },
        );
      }
      case status === 403:
        return new ForbiddenError(
          target,
          `access denied (${serverMessage})`,
          `Check the permissions of ${client}`,
          details,
        );
      case status === 404 && !body.fromApi: {
        // Not the API's own "no such object" (a JSON error): some other server answered. Never report that as "gone"
        // (a refresh would drop the resource from the state).
        const problem = `${this.settings.apiBaseUrl} answered 404 without an API error, so ${this.key("domain")} "${excerpt(this.settings.domain, 100)}" does not lead to a tenant's management API`;
        const remedy = `Check ${this.setting("domain")}`;
        this.blocked ??= new SharedFailure(
          (m) => new ConfigurationError(m),
          `${about}: ${target.action} failed: ${problem}. ${remedy}.`,
          `${this.settings.apiBaseUrl} is not a management API (404)`,
        );
        return this.blocked.next(named(target));
      }
      case status === 404:
        return new NotFoundError(target, `it does not exist (${serverMessage})`, undefined, details);
      case status === 409:
        return new ConflictError(
          target,
          `it conflicts with an existing object (${serverMessage})`,
          "Remove or adopt the existing object, then run again",
          details,
        );
      case status >= 500:
        return new ServerError(
          target,
          `the server failed with ${status} on ${this.options.maxAttempts} attempt${this.options.maxAttempts > 1 ? "s" : ""} (${serverMessage})`,
          "Try again later",
          details,
        );
      default:
        return new TenantError(target, `unexpected HTTP ${status} (${serverMessage})`, undefined, details);
    }
  }
}

/** Internal: a request that got no answer, for the token request to word itself. */
class NetworkFailureError extends Error {
  constructor(readonly failure: NetworkFailure) {
    super(failure.problem);
  }
}

interface ErrorBody {
  message?: string;
  errorCode?: string;
  /** The body is a JSON error object (the API's, or an OAuth error), not a page of some other server. */
  fromApi: boolean;
}

function errorBody(data: unknown): ErrorBody {
  if (isApiErrorBody(data)) return { message: data.message, errorCode: data.errorCode, fromApi: true };
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    const message = [record.message, record.error_description, record.error].find((v) => typeof v === "string") as
      string | undefined;
    return {
      message,
      errorCode: typeof record.errorCode === "string" ? record.errorCode : undefined,
      fromApi: typeof record.statusCode === "number" || message !== undefined,
    };
  }
  if (typeof data === "string" && data.length > 0) return { message: excerpt(data), fromApi: false };
  return { fromApi: false };
}

/** `form ap_…` / `form "Sign-up"` for a pointer to this call's error; nothing for a call about no one object (a list). */
function named(target: ErrorTarget): string | undefined {
  return target.id || target.name ? describeTarget(target) : undefined;
}

function networkCode(error: unknown): string {
  const record = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof record?.code === "string") return record.code;
  if (typeof record?.cause?.code === "string") return record.cause.code;
  return "UNKNOWN";
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
