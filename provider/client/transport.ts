/**
 * Sending one HTTP request to the tenant: through the shared limiter, waiting out 429s,
 * retrying 5xx and network errors where that is safe, and wording a request that got no
 * usable answer (what was waited for, how long, what to check).
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
 */
import * as http from "node:http";
import * as https from "node:https";
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import { ERROR_CODES } from "../../api";
import { attempts, type ClientContext, named } from "./context";
import {
  ConfigurationError,
  describeTarget,
  type ErrorTarget,
  excerpt,
  NetworkError,
  OutcomeUnknownError,
  RateLimitedError,
  SharedFailure,
  TenantError,
} from "./errors";
import { headerNumber, type Limiter } from "./limiter";

/** HTTP methods the management API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Query parameters; arrays repeat the key. */
export type Query = Record<string, string | number | boolean | string[] | undefined>;

/** One HTTP request as sent. */
export interface Exchange {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  data?: unknown;
  params?: Query;
  target: ErrorTarget;
  /** Secret values in the request, kept out of every message. */
  secrets: (string | undefined)[];
}

/** How a request is sent again. */
export interface SendPolicy {
  /** Re-sent after a 5xx, a 408 or a network error (default: every method but POST). */
  idempotent?: boolean;
  /** A network failure after every attempt blocks the client (default true; the token request reports its own). */
  blockOnNetworkFailure?: boolean;
}

/** Error codes of Node/axios network errors that prove nothing was sent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);
/** Error codes of a request that got no answer in time. */
const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT", "ERR_SOCKET_CONNECTION_TIMEOUT"]);
/** Error codes of TLS certificate problems (retrying does not help). */
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS/;

/** Seconds, for messages: `10 s`, `0.5 s`. */
function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} s`;
}

/** What happened to a request that got no usable answer, in words, with what was waited for. */
export interface NetworkFailure {
  /** The error code (`ECONNABORTED`, `ECONNREFUSED`, …). */
  code: string;
  /** What went wrong: `no answer from http://… to GET /api/v2/forms within 10 s (3 attempts over 31 s)`. */
  problem: string;
  /** What to do. */
  remedy: string;
  /** A few words for later callers. */
  summary: string;
}

/** A request that got no answer, when the caller words the failure itself (`blockOnNetworkFailure: false`). */
export class NetworkFailureError extends Error {
  constructor(readonly failure: NetworkFailure) {
    super(failure.problem);
  }
}

/** The HTTP side of one tenant's client. */
export class Transport {
  private readonly http: AxiosInstance;

  constructor(
    private readonly ctx: ClientContext,
    private readonly limiter: Limiter,
  ) {
    this.http = axios.create({
      httpAgent: new http.Agent({ keepAlive: ctx.options.keepAlive }),
      httpsAgent: new https.Agent({ keepAlive: ctx.options.keepAlive }),
      timeout: ctx.options.timeoutMs,
      validateStatus: () => true,
      maxRedirects: 0,
      headers: { "User-Agent": "pulumi-tenant" },
      paramsSerializer: { indexes: null },
    });
  }

  /**
   * Sends `ex` through the limiter, waiting out 429s and retrying 5xx and network errors
   * when idempotent. Returns any non-429 response that is final.
   */
  async send(ex: Exchange, policy: SendPolicy = {}): Promise<AxiosResponse> {
    const idempotent = policy.idempotent ?? ex.method !== "POST";
    const { options } = this.ctx;
    const started = options.now();
    let failures = 0;
    for (;;) {
      let response: AxiosResponse;
      /** This attempt's place in the limiter's order of starts (see `Limiter.observe`). */
      let ticket: number | undefined;
      try {
        // A call queued or between attempts when the tenant was found unusable does not send (or wait) again.
        const sent = await this.limiter.run(async (order) => {
          ticket = order;
          return (
            this.ctx.blocked ??
            this.http.request({ method: ex.method, url: ex.url, headers: ex.headers, data: ex.data, params: ex.params })
          );
        });
        if (sent instanceof SharedFailure) throw sent.next(named(ex.target));
        response = sent;
      } catch (error) {
        if (error instanceof TenantError || error instanceof ConfigurationError) throw error;
        const code = networkCode(error);
        const tls = TLS_CODES.test(code);
        failures += 1;
        if (!idempotent && !NOT_SENT_CODES.has(code) && !tls) {
          // A POST that may have reached the server: never re-sent blindly (see the module comment).
          const failure = this.networkFailure(error, code, ex, failures, started);
          throw new OutcomeUnknownError(
            ex.target,
            this.ctx.hide(`${failure.problem}; the request may or may not have been applied`, ex.secrets),
            undefined,
            { timedOut: TIMEOUT_CODES.has(code) },
          );
        }
        if (!tls && failures < options.maxAttempts) {
          await options.sleep(this.backoff(failures));
          continue;
        }
        const failure = this.networkFailure(error, code, ex, failures, started);
        if (policy.blockOnNetworkFailure === false) throw new NetworkFailureError(failure);
        const target = ex.target;
        const blocked = this.ctx.block(
          new SharedFailure(
            (m) => new NetworkError(target, failure.problem, failure.remedy, { message: m }),
            `${describeTarget(target)}: ${target.action} failed: ${failure.problem}. ${failure.remedy}.`,
            failure.summary,
          ),
        );
        throw blocked.next(named(target));
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
        if (options.now() + wait - started > options.rateLimitBudgetMs) {
          throw new RateLimitedError(
            ex.target,
            `still rate limited (429) after ${Math.round((options.now() - started) / 1000)} s of retries`,
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
        if (failures < options.maxAttempts) {
          await options.sleep(this.backoff(failures));
          continue;
        }
      }
      return response;
    }
  }

  /** Describes a request that got no usable answer: what was waited for, how long, and what to check. */
  private networkFailure(error: unknown, code: string, ex: Exchange, count: number, started: number): NetworkFailure {
    const { settings, options } = this.ctx;
    const origin = settings.origin;
    const call = `${ex.method} ${pathOf(ex.url)}`;
    const tries = attempts(count);
    const over = count > 1 ? ` over ${seconds(options.now() - started)}` : "";
    const domain = this.ctx.setting("domain");
    if (TIMEOUT_CODES.has(code)) {
      return {
        code,
        problem: `no answer from ${origin} to ${call} within ${seconds(options.timeoutMs)} (${tries}${over})`,
        remedy: `Check ${domain} and the network, or raise ${this.ctx.key("timeoutSeconds")} / ${this.ctx.key("maxRetries")}`,
        summary: `${origin} did not answer within ${seconds(options.timeoutMs)}`,
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
      problem: this.ctx.hide(
        `a network error occurred during ${call} to ${origin} (${code}: ${excerpt(message)}, ${tries})`,
        ex.secrets,
      ),
      remedy: `Check ${domain} and the network, then run again`,
      summary: `a network error (${code}) reaching ${origin}`,
    };
  }

  private rateLimitWait(response: AxiosResponse, attempt: number): number {
    const retryAfter = headerNumber(response.headers["retry-after"]);
    if (retryAfter !== undefined) return retryAfter * 1000 + Math.floor(Math.random() * 100);
    const reset = headerNumber(response.headers["x-ratelimit-reset"]);
    if (reset !== undefined)
      return Math.max(0, reset * 1000 - this.ctx.options.now()) + Math.floor(Math.random() * 100);
    return this.backoff(attempt + 1);
  }

  private backoff(attempt: number): number {
    const { backoffMaxMs, backoffBaseMs } = this.ctx.options;
    const ceiling = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }
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
