/**
 * Reading a whole tenant, page by page, with GETs only: what the lookups and the
 * `generate` command share. Every call goes through the {@link TenantClient}, so 429s
 * are waited out (`Retry-After`, `X-RateLimit-Reset`) and transient failures retried.
 */
import type { EventStream, Form, FormsPage, RateLimitPolicy } from "../../api/types";
import { type ErrorTarget, unlessGone } from "../client/errors";
import type { TenantClient } from "../client/http";
import { featureNotEnabled, notEnabledError } from "../resources/rate-limit-policy/lookup";
import { loginTemplateOutputs } from "../resources/login-template/state";

/** The largest page the list endpoints serve (forms `per_page`, streams and policies `take`). */
export const PAGE_SIZE = 100;

/** Called after each list page with the number of items read so far (and the total, when the API says). */
export type PageListener = (read: number, total?: number) => void;

/** Collection paths under `/api/v2`. */
export const PATHS = {
  forms: "/forms",
  eventStreams: "/event-streams",
  rateLimitPolicies: "/rate-limit-policies",
  loginTemplate: "/branding/templates/universal-login",
} as const;

/** The list item of a form: the list returns summaries, not whole forms. */
export type FormSummary = Pick<Form, "id" | "name" | "created_at" | "updated_at" | "embedded_at" | "submitted_at">;

/** Every form of the tenant, as the list returns them (summaries): offset paging, `per_page` 100. */
export async function listFormSummaries(client: TenantClient, onPage?: PageListener): Promise<FormSummary[]> {
  const target: ErrorTarget = { kind: "form", action: "list" };
  const forms: FormSummary[] = [];
  for (let page = 0; ; page += 1) {
    const { data } = await client.get<FormsPage | Form[]>(PATHS.forms, target, {
      page,
      per_page: PAGE_SIZE,
      include_totals: true,
    });
    const items = Array.isArray(data) ? data : (data.forms ?? []);
    const total = Array.isArray(data) ? undefined : data.total;
    forms.push(...items);
    onPage?.(forms.length, total);
    // Stop on a short page, or as soon as the total is reached (saves the empty page past the end).
    if (items.length < PAGE_SIZE || (typeof total === "number" && forms.length >= total)) return forms;
  }
}

/** One whole form. */
export async function readForm(client: TenantClient, id: string, action = "read"): Promise<Form> {
  return (await client.get<Form>(`${PATHS.forms}/${encodeURIComponent(id)}`, { kind: "form", id, action })).data;
}

/** Lists a checkpoint-paginated collection (`?from=&take=` → `{<key>: [...], next?}`). */
async function listCheckpoint<T>(
  client: TenantClient,
  path: string,
  key: string,
  target: ErrorTarget,
  filter: Record<string, string | undefined> = {},
  onPage?: PageListener,
): Promise<T[]> {
  const items: T[] = [];
  let from: string | undefined;
  for (;;) {
    const { data } = await client.get<Record<string, unknown>>(path, target, { ...filter, take: PAGE_SIZE, from });
    const page = Array.isArray(data[key]) ? (data[key] as T[]) : [];
    items.push(...page);
    onPage?.(items.length);
    if (typeof data.next !== "string" || data.next === "" || page.length === 0) return items;
    from = data.next;
  }
}

/** Every event stream of the tenant (the list returns whole streams, webhook secrets excepted). */
export function listEventStreams(client: TenantClient, onPage?: PageListener): Promise<EventStream[]> {
  return listCheckpoint<EventStream>(
    client,
    PATHS.eventStreams,
    "eventStreams",
    { kind: "event stream", action: "list" },
    {},
    onPage,
  );
}

/** One event stream. */
export async function readEventStream(client: TenantClient, id: string, action = "read"): Promise<EventStream> {
  return (
    await client.get<EventStream>(`${PATHS.eventStreams}/${encodeURIComponent(id)}`, {
      kind: "event stream",
      id,
      action,
    })
  ).data;
}

/** Filters of the rate limit policy list. */
export interface RateLimitPolicyFilter {
  /** Only the policy of this consumer selector (`default`, `client_id:…`, …). */
  consumer_selector?: string;
}

/**
 * Every rate limit policy (an Early Access API: the client must be global and hold
 * `read:rate_limit_policies`). A tenant without the feature (404, or a 403 that is not
 * about a scope) raises a {@link FeatureUnavailableError} saying so.
 */
export async function listRateLimitPolicies(
  client: TenantClient,
  filter: RateLimitPolicyFilter = {},
  onPage?: PageListener,
): Promise<RateLimitPolicy[]> {
  const target: ErrorTarget = { kind: "rate limit policy", action: "list" };
  let policies: RateLimitPolicy[];
  try {
    policies = await listCheckpoint<RateLimitPolicy>(
      client,
      PATHS.rateLimitPolicies,
      "rate_limit_policies",
      target,
      { consumer_selector: filter.consumer_selector },
      onPage,
    );
  } catch (error) {
    if (featureNotEnabled(error))
      throw notEnabledError(target, error, client.settings.domain, "listing rate limit policies");
    throw error;
  }
  // The filter is also applied here: a service that ignores the query must not widen the answer.
  return filter.consumer_selector === undefined
    ? policies
    : policies.filter((policy) => policy.consumer_selector === filter.consumer_selector);
}

/** The tenant's login page template markup, or `undefined` when the tenant has none (404). */
export async function readLoginTemplate(client: TenantClient, action = "read"): Promise<string | undefined> {
  const reply = await unlessGone(client.get<unknown>(PATHS.loginTemplate, { kind: "login page template", action }));
  if (!reply) return undefined;
  const { template } = loginTemplateOutputs(reply.data);
  return template === "" ? undefined : template;
}

/**
 * Runs `work` over `items` with at most `concurrency` calls in flight, keeping the
 * order of `items` in the result. The client's limiter does the pacing; this only
 * keeps a long list from queueing every request at once.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
