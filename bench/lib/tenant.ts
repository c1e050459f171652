/**
 * The tenant server for the benchmark (in-process, loopback, in-memory store), the
 * mixed stack's composition, and the server's request counters read per phase.
 */
import { requestAccessToken } from "../../api/client-credentials";
import { startTenantServer, type TenantServer } from "../../server/index";
import type { TenantSettings } from "../../scripts/lib/pulumi";
import { bindingPlan } from "../programs/scenario";

/** Rate limit that never binds (requests per second per client). */
export const UNLIMITED_RATE = 100_000;

/** Starts a quiet in-memory tenant server on a free loopback port. */
export function startBenchServer(rateLimit = UNLIMITED_RATE): Promise<TenantServer> {
  return startTenantServer({ port: 0, logger: false, rateLimit });
}

/** The provider's stack settings for `server`. */
export function tenantSettings(server: TenantServer): TenantSettings {
  return { domain: server.url, clientId: server.credentials.clientId, clientSecret: server.credentials.clientSecret };
}

/** A client-credentials access token of the admin client. */
export async function adminToken(server: TenantServer): Promise<string> {
  return requestAccessToken(server.credentials);
}

/** Creates the rate limit policy the program looks up; returns its id. */
export async function createPolicy(server: TenantServer, token: string): Promise<string> {
  const reply = await fetch(`${server.baseUrl}/rate-limit-policies`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "block", limit: 100 },
    }),
  });
  if (reply.status !== 201)
    throw new Error(`creating the rate limit policy failed: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { id: string }).id;
}

/** What `bench/programs/tenant` creates (its `scenario` config). */
export interface Scenario {
  forms: number;
  /** Flows, made first; form `i` runs flow `i mod flows` (by reference). */
  flows?: number;
  streams: number;
  template: boolean;
  /** When set, the program looks this policy up (a GET in every preview and up). */
  policyId?: string;
  /** Name of form 0 (changed for the one-field update). */
  formName?: string;
  /** Actions over four triggers, each trigger's first 100 bound (bench/programs/scenario.ts). */
  actions?: number;
  /** One object of each kind the counts leave out (bench/programs/scenario.ts `everyKindPlan`). */
  everyKind?: boolean;
}

/** N mixed resources: the login template, then forms and event streams half and half. */
export function mixedScenario(n: number, policyId?: string): Scenario {
  const template = n >= 1;
  const rest = n - (template ? 1 : 0);
  return { forms: Math.ceil(rest / 2), streams: Math.floor(rest / 2), template, policyId };
}

/** N/2 flows and N/2 forms, each form's FLOW node on its own flow (issue 36's refresh: 150 + 150). */
export function flowsScenario(n: number): Scenario {
  return { forms: Math.ceil(n / 2), flows: Math.floor(n / 2), streams: 0, template: false };
}

/**
 * The moonshot's mix of `n` objects: a tenth flows, three tenths forms (each running a flow), three
 * tenths webhook streams, the rest actions over the four triggers with their bindings (four
 * `TriggerBindings` once there are eight actions or more). `n = 1000`: 100 + 300 + 300 + 296 + 4.
 */
export function moonshotScenario(n: number): Scenario {
  const flows = Math.floor(n / 10);
  const forms = Math.floor((3 * n) / 10);
  const streams = Math.floor((3 * n) / 10);
  const rest = n - flows - forms - streams;
  let actions = rest;
  while (actions > 0 && actions + bindingPlan(actions).length > rest) actions -= 1;
  return { flows, forms, streams, actions, template: false };
}

/** Stack config of the tenant program for `scenario`. */
export function scenarioConfig(scenario: Scenario): Record<string, { value: string; secret?: boolean }> {
  return {
    scenario: { value: JSON.stringify(scenario) },
    hookPassword: { value: "bench-hook-pa55word", secret: true },
  };
}

/** A phase's requests as the server counted them. */
export interface CallCounts {
  /** Requests under /api/v2 except the lookup's GET. */
  resourceRequests: number;
  /** GETs under /api/v2 except the lookup's. */
  resourceReads: number;
  /** POST, PATCH, PUT, DELETE under /api/v2. */
  writes: number;
  /** `GET /api/v2/rate-limit-policies/:id`: the lookup. */
  lookupGets: number;
  /**
   * `GET /api/v2/branding/templates/universal-login`: in a preview or up that creates the login template,
   * its check's one look at the tenant's current template (a silent takeover is refused at preview).
   */
  templateGets: number;
  /** `POST /oauth/token`. */
  tokens: number;
  /** Responses 429. */
  tooManyRequests: number;
  /** Responses 5xx. */
  serverErrors: number;
  /** Every counter as the server keyed it. */
  byRoute: Record<string, number>;
}

const LOOKUP_ROUTE = "GET /api/v2/rate-limit-policies/:id";
const TEMPLATE_GET_ROUTE = "GET /api/v2/branding/templates/universal-login";

/** Classifies a counter snapshot. */
export function callCounts(snapshot: Record<string, number>): CallCounts {
  const sum = (test: (key: string) => boolean) =>
    Object.entries(snapshot)
      .filter(([k]) => test(k))
      .reduce((s, [, n]) => s + n, 0);
  const api = (k: string) => / \/api\/v2\//.test(k);
  return {
    resourceRequests: sum((k) => api(k) && k !== LOOKUP_ROUTE),
    resourceReads: sum((k) => api(k) && k.startsWith("GET ") && k !== LOOKUP_ROUTE),
    writes: sum((k) => api(k) && /^(POST|PATCH|PUT|DELETE) /.test(k)),
    lookupGets: snapshot[LOOKUP_ROUTE] ?? 0,
    templateGets: snapshot[TEMPLATE_GET_ROUTE] ?? 0,
    tokens: snapshot["POST /oauth/token"] ?? 0,
    tooManyRequests: snapshot["429"] ?? 0,
    serverErrors: snapshot["5xx"] ?? 0,
    byRoute: snapshot,
  };
}

/** Progress detail: API requests so far (from the live counters). */
export function requestsSoFar(server: TenantServer): () => string {
  return () => {
    const c = callCounts(server.counters.snapshot());
    return `${c.resourceRequests} API requests${c.tooManyRequests ? `, ${c.tooManyRequests} × 429` : ""}`;
  };
}

/** When the server saw a phase's writes, from polling its counters. */
export interface WriteTimeline {
  /** Seconds from the start of watching to the first write seen, and to the last. */
  firstWriteAt?: number;
  lastWriteAt?: number;
  /** Seconds of polling resolution. */
  resolution: number;
}

/** Polls the server's counters every `everyMs` and notes when writes were first and last seen. */
export function watchWrites(server: TenantServer, everyMs = 25): { stop(): WriteTimeline } {
  const t0 = Date.now();
  let seen = callCounts(server.counters.snapshot()).writes;
  const timeline: WriteTimeline = { resolution: everyMs / 1000 };
  const poll = () => {
    const writes = callCounts(server.counters.snapshot()).writes;
    if (writes !== seen) {
      const at = (Date.now() - t0) / 1000;
      timeline.firstWriteAt ??= at;
      timeline.lastWriteAt = at;
      seen = writes;
    }
  };
  const timer = setInterval(poll, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      poll();
      return timeline;
    },
  };
}
