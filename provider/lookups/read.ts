/**
 * Reading a whole tenant, page by page, with GETs only: what the lookups and the
 * `generate` command share. Every call goes through the {@link TenantClient}, so 429s
 * are waited out (`Retry-After`, `X-RateLimit-Reset`) and transient failures retried.
 */
import type { EventStream, Form } from "../../api";
import { unlessGone } from "../client/errors";
import type { TenantClient } from "../client/http";
import { listCheckpoint, listOffset, type PageListener } from "../client/paging";
import { loginTemplateOutputs } from "../resources/login-template/state";

export { PAGE_SIZE, type PageListener } from "../client/paging";

/** Collection paths under `/api/v2`. */
export const PATHS = {
  forms: "/forms",
  eventStreams: "/event-streams",
  loginTemplate: "/branding/templates/universal-login",
} as const;

/** The list item of a form: the list returns summaries, not whole forms. */
export type FormSummary = Pick<Form, "id" | "name" | "created_at" | "updated_at" | "embedded_at" | "submitted_at">;

/** Every form of the tenant, as the list returns them (summaries): offset paging, `per_page` 100. */
export function listFormSummaries(client: TenantClient, onPage?: PageListener): Promise<FormSummary[]> {
  return listOffset<FormSummary>(client, PATHS.forms, "forms", { kind: "form", action: "list" }, { onPage });
}

/** One whole form. */
export async function readForm(client: TenantClient, id: string, action = "read"): Promise<Form> {
  return (await client.get<Form>(`${PATHS.forms}/${encodeURIComponent(id)}`, { kind: "form", id, action })).data;
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
