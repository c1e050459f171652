/**
 * The one module that speaks HTTP to the tenant. Token fetch and renewal, the shared
 * limiter, retries, timeouts and typed errors live here; resource code never sees axios.
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
 */
import * as http from "node:http";
import * as https from "node:https";
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import { isApiErrorBody } from "../../api/errors";
import {
  ConflictError, type ErrorTarget, ForbiddenError, NetworkError, NotFoundError, OutcomeUnknownError,
  RateLimitedError, redact, ServerError, TenantError, UnauthorizedError, ValidationError,
} from "./errors";
import { headerNumber, Limiter, sleep as defaultSleep, type Sleep } from "./limiter";
import type { TenantSettings } from "./settings";

/** HTTP methods the management API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Options of a {@link TenantClient}. */
export interface TenantClientOptions {
  /** Shared limiter (default: a new one with 8 requests in flight). */
  limiter?: Limiter;
  /** Per-request timeout in ms (default 30 s). */
  timeoutMs?: number;
  /** Longest total time spent waiting out 429s for one call, in ms (default 5 minutes). */
  rateLimitBudgetMs?: number;
  /** Attempts for 5xx and network errors on idempotent calls (default 5). */
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

const INSUFFICIENT_SCOPE = /expected (?:any of|all of)?:?\s*([a-z_]+:[a-z_]+(?:[ ,]+[a-z_]+:[a-z_]+)*)/i;

/** The management API client of one provider process (or one program, for lookups). */
export class TenantClient {
  readonly settings: TenantSettings;
  private readonly http: AxiosInstance;
  private readonly limiter: Limiter;
  private readonly options: Required<Omit<TenantClientOptions, "limiter">>;
  private token?: { value: string; renewAt: number };
  private pendingToken?: Promise<string>;

  constructor(settings: TenantSettings, options: TenantClientOptions = {}) {
    this.settings = settings;
    this.limiter = options.limiter ?? new Limiter({ sleep: options.sleep, now: options.now });
    this.options = {
      timeoutMs: options.timeoutMs ?? 30_000,
      rateLimitBudgetMs: options.rateLimitBudgetMs ?? 5 * 60_000,
      maxAttempts: options.maxAttempts ?? 5,
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

  /** The per-request timeout in ms. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** Sends one call and returns the 2xx response, or throws a {@link TenantError}. */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    let renewedToken = false;
    for (;;) {
      const token = await this.accessToken();
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
      if (response.status === 401 && body.errorCode === "invalid_token" && !renewedToken && !this.settings.apiToken) {
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

  private async accessToken(): Promise<string> {
    if (this.settings.apiToken) return this.settings.apiToken;
    if (this.token && this.options.now() < this.token.renewAt) return this.token.value;
    // Single flight: every caller waiting for a token shares one request.
    this.pendingToken ??= this.fetchToken().finally(() => { this.pendingToken = undefined; });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const target: ErrorTarget = { kind: "access token", action: "request" };
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: this.settings.clientId ?? "",
      client_secret: this.settings.clientSecret ?? "",
      audience: this.settings.audience,
    });
    const started = this.options.now();
    const response = await this.exchange({
      method: "POST",
      url: this.settings.tokenUrl,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: form.toString(),
      target,
      secrets: [],
      // A token request creates nothing: repeating it is safe.
    }, true);
    const data = response.data as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    if (response.status === 200 && typeof data?.access_token === "string") {
      const lifetimeMs = (headerNumber(data.expires_in) ?? 86_400) * 1000;
      // Renew before expiry: at 90 % of the lifetime, and at least a few seconds early.
      const margin = Math.min(5 * 60_000, Math.max(lifetimeMs * 0.1, Math.min(5_000, lifetimeMs / 2)));
      this.token = { value: data.access_token, renewAt: started + lifetimeMs - margin };
      return data.access_token;
    }
    const reason = typeof data?.error === "string"
      ? `${data.error}${typeof data.error_description === "string" ? `: ${data.error_description}` : ""}`
      : `HTTP ${response.status}`;
    const problem = redact(`the token endpoint ${this.settings.tokenUrl} refused client ${this.settings.clientId} (${reason})`,
      this.ownSecrets());
    const remedy = "Check tenant:clientId and tenant:clientSecret (or AUTH0_CLIENT_ID / AUTH0_CLIENT_SECRET), "
      + `and that the client is authorized for the audience ${this.settings.audience} (tenant:audience)`;
    if (response.status >= 500) throw new ServerError(target, problem, "Try again later", { status: response.status });
    throw new UnauthorizedError(target, problem, remedy, { status: response.status, errorCode: typeof data?.error === "string" ? data.error : undefined });
  }

  /**
   * Sends a request through the limiter, waiting out 429s and retrying 5xx and network
   * errors when `idempotent`. Returns any non-429 response that is final.
   */
  private async exchange(ex: Exchange, idempotent = ex.method !== "POST"): Promise<AxiosResponse> {
    const started = this.options.now();
    let failures = 0;
    for (;;) {
      let response: AxiosResponse;
      try {
        response = await this.limiter.run(() => this.http.request({
          method: ex.method, url: ex.url, headers: ex.headers, data: ex.data, params: ex.params,
        }));
      } catch (error) {
        const code = networkCode(error);
        const safeToRepeat = idempotent || NOT_SENT_CODES.has(code);
        const problem = redact(`${describeNetworkError(error, code)} while calling ${ex.method} ${pathOf(ex.url)}`,
          [...this.ownSecrets(), ...ex.secrets]);
        if (!safeToRepeat) {
          throw new OutcomeUnknownError(ex.target, `${problem}; the request may or may not have been applied`, undefined,
            { timedOut: code === "ECONNABORTED" || code === "ETIMEDOUT" });
        }
        failures += 1;
        if (failures >= this.options.maxAttempts) {
          throw new NetworkError(ex.target, `${problem} (${failures} attempts)`,
            `Check that ${this.settings.origin} is reachable (tenant:domain)`);
        }
        await this.options.sleep(this.backoff(failures));
        continue;
      }
      this.limiter.observe({
        remaining: headerNumber(response.headers["x-ratelimit-remaining"]),
        resetEpochSeconds: headerNumber(response.headers["x-ratelimit-reset"]),
        limit: headerNumber(response.headers["x-ratelimit-limit"]),
      });
      if (response.status === 429) {
        const wait = this.rateLimitWait(response, failures);
        if (this.options.now() + wait - started > this.options.rateLimitBudgetMs) {
          throw new RateLimitedError(ex.target,
            `still rate limited (429) after ${Math.round((this.options.now() - started) / 1000)} s of retries`,
            "Lower the parallelism (`pulumi up --parallel 2`) or raise the tenant's rate limit, then run again",
            { status: 429, errorCode: "too_many_requests" });
        }
        this.limiter.rateLimited(wait);
        continue;
      }
      if (response.status >= 500 || response.status === 408) {
        if (!idempotent) {
          throw new OutcomeUnknownError(ex.target,
            `the server answered ${response.status} after receiving ${ex.method} ${pathOf(ex.url)}; the request may or may not have been applied`,
            undefined, { status: response.status });
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

  private toError(status: number, body: ErrorBody, target: ErrorTarget, secrets: (string | undefined)[]): TenantError {
    const hide = (text: string) => redact(text, [...this.ownSecrets(), ...secrets]);
    const serverMessage = hide(body.message ?? `HTTP ${status}`);
    const details = { status, errorCode: body.errorCode };
    const client = this.settings.clientId ? `client ${this.settings.clientId}` : "the configured token";
    switch (true) {
      case status === 400 || status === 413 || status === 415 || status === 422:
        return new ValidationError(target, serverMessage, details);
      case status === 401 && (body.errorCode === "client_not_global" || /global/i.test(serverMessage)):
        return new UnauthorizedError(target, `${client} is not a global client (${serverMessage})`,
          "This operation needs a global client: use the tenant's global management client in tenant:clientId", details);
      case status === 401:
        return new UnauthorizedError(target, `the access token was refused (${serverMessage})`,
          "Check tenant:clientId and tenant:clientSecret or tenant:apiToken, and tenant:audience", details);
      case status === 403 && body.errorCode === "insufficient_scope": {
        const missingScope = INSUFFICIENT_SCOPE.exec(serverMessage)?.[1];
        return new ForbiddenError(target, `${client} lacks the scope ${missingScope ?? "needed"} (${serverMessage})`,
          `Grant ${missingScope ?? "the scope"} to ${client} on the management API and run again`, { ...details, missingScope });
      }
      case status === 403:
        return new ForbiddenError(target, `access denied (${serverMessage})`, `Check the permissions of ${client}`, details);
      case status === 404:
        return new NotFoundError(target, `it does not exist (${serverMessage})`, undefined, details);
      case status === 409:
        return new ConflictError(target, `it conflicts with an existing object (${serverMessage})`,
          "Remove or adopt the existing object, then run again", details);
      case status >= 500:
        return new ServerError(target, `the server failed with ${status} (${serverMessage})`, "Try again later", details);
      default:
        return new TenantError(target, `unexpected HTTP ${status} (${serverMessage})`, undefined, details);
    }
  }
}

interface ErrorBody {
  message?: string;
  errorCode?: string;
}

function errorBody(data: unknown): ErrorBody {
  if (isApiErrorBody(data)) return { message: data.message, errorCode: data.errorCode };
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    const message = [record.message, record.error_description, record.error].find((v) => typeof v === "string") as string | undefined;
    return { message, errorCode: typeof record.errorCode === "string" ? record.errorCode : undefined };
  }
  if (typeof data === "string" && data.length > 0) return { message: data.slice(0, 200) };
  return {};
}

function networkCode(error: unknown): string {
  const record = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof record?.code === "string") return record.code;
  if (typeof record?.cause?.code === "string") return record.cause.code;
  return "UNKNOWN";
}

function describeNetworkError(error: unknown, code: string): string {
  if (code === "ECONNABORTED" || code === "ETIMEDOUT") return "the request timed out";
  if (code === "ECONNRESET" || code === "ERR_SOCKET_CONNECTION_TIMEOUT") return "the connection was dropped";
  if (code === "ECONNREFUSED") return "the connection was refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name could not be resolved";
  // Only the error's own message: axios errors also carry the request config and headers.
  const message = error instanceof Error ? error.message : String(error);
  return `a network error occurred (${code}: ${message.slice(0, 200)})`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
