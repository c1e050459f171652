/**
 * `getEventStream` / `getEventStreamOutput`: read one event stream of the tenant, by id
 * or by name.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EventStream } from "../../../api";
import type { TenantClient } from "../../client/http";
import type { LookupReader } from "../../lifecycle/types";
import { findByIdOrName, type IdOrNameArgs, type IdOrNameOutputArgs } from "../../lookups/by-name";
import { inProgram, lookupClient, lookupOutput, type LookupOptions } from "../../lookups/client";
import { listKind, type PageListener } from "../../client/paging";

/** Every event stream of the tenant (the list returns whole streams, webhook secrets excepted). */
export function listEventStreams(client: TenantClient, onPage?: PageListener): Promise<EventStream[]> {
  return listKind<EventStream>(client, "eventStream", { onPage });
}

/** Arguments of {@link getEventStream}: exactly one of `id` (`est_…`) and `name`. */
export type GetEventStreamArgs = IdOrNameArgs;

/** Arguments of {@link getEventStreamOutput}. */
export type GetEventStreamOutputArgs = IdOrNameOutputArgs;

/** Reads an event stream with `client`: by id one GET; by name the list (which holds whole streams). */
export function findEventStream(client: TenantClient, args: { id?: string; name?: string }): Promise<EventStream> {
  return findByIdOrName<EventStream>(client, "eventStream", args);
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
