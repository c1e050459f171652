/**
 * `getEventStream` / `getEventStreamOutput`: read one event stream of the tenant, by id
 * or by name.
 */
import type * as pulumi from "@pulumi/pulumi";
import { type EventStream, KINDS } from "../../../api";
import type { TenantClient } from "../../client/http";
import type { LookupReader } from "../../lifecycle/types";
import { idOrName, notFoundById, pickByName } from "../../lookups/by-name";
import { inProgram, lookupClient, lookupOutput, type LookupOptions, type TenantSelector } from "../../lookups/client";
import { listKind, type PageListener } from "../../client/paging";

/** Every event stream of the tenant (the list returns whole streams, webhook secrets excepted). */
export function listEventStreams(client: TenantClient, onPage?: PageListener): Promise<EventStream[]> {
  return listKind<EventStream>(client, "eventStream", { onPage });
}

/** One event stream. */
export async function readEventStream(client: TenantClient, id: string, action = "read"): Promise<EventStream> {
  return (
    await client.get<EventStream>(`${KINDS.eventStream.path}/${encodeURIComponent(id)}`, {
      kind: "event stream",
      id,
      action,
    })
  ).data;
}

/** Arguments of {@link getEventStream}: exactly one of `id` and `name`. */
export interface GetEventStreamArgs extends TenantSelector {
  /** The stream's id (`est_…`). */
  id?: string;
  /** The stream's name, compared exactly. Several streams with this name are an error listing their ids. */
  name?: string;
}

/** Arguments of {@link getEventStreamOutput}. */
export interface GetEventStreamOutputArgs extends TenantSelector {
  /** The stream's id (`est_…`). */
  id?: pulumi.Input<string>;
  /** The stream's name, compared exactly. */
  name?: pulumi.Input<string>;
}

/** Reads an event stream with `client`: by id one GET; by name the list (which holds whole streams). */
export async function findEventStream(
  client: TenantClient,
  args: { id?: string; name?: string },
): Promise<EventStream> {
  const wanted = idOrName("event stream", args);
  const domain = client.settings.domain;
  if (wanted.name !== undefined) return pickByName(await listEventStreams(client), wanted.name, "event stream", domain);
  try {
    return await readEventStream(client, wanted.id, "look up");
  } catch (error) {
    throw notFoundById(error, "event stream", wanted.id, domain);
  }
}

/**
 * Reads one event stream (scope `read:event_streams`), by `id` or by `name`, as the API
 * returns it. A webhook's secret (password, token or header value) is write-only and
 * never part of the answer. Rejects when no stream matches, and when several streams
 * have the name (the error lists their ids).
 */
export async function getEventStream(args: GetEventStreamArgs, opts?: LookupOptions): Promise<EventStream> {
  return inProgram(args.tenant, () => findEventStream(lookupClient(args.tenant, opts?.settings), args));
}

/** {@link getEventStream} as an Output. */
export function getEventStreamOutput(args: GetEventStreamOutputArgs, opts?: LookupOptions): pulumi.Output<EventStream> {
  const { tenant, ...query } = args;
  return lookupOutput(query, (plain: { id?: string; name?: string }) => getEventStream({ ...plain, tenant }, opts));
}

/** The readers of the table's event stream lookups (the plugin's functions). */
export const eventStreamReaders = {
  getEventStream: (client, args) => findEventStream(client, args),
} satisfies Record<string, LookupReader>;
