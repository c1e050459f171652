/**
 * Reads everything `generate` needs from a tenant, with GETs only: every object of every
 * kind of the table, each kind as its generator reads it (provider/resources/<kind>/generate.ts:
 * list pages, one GET per object where the list holds summaries). Nothing is ever written
 * to the tenant.
 */
import { KIND_NAMES, type KindName } from "../../../api";
import type { TenantClient } from "../../client/http";
import { KIND_MODULES } from "../../resources";

/** What a tenant holds, as the API returns it. */
export interface TenantSnapshot {
  /** The tenant's domain, as configured. */
  domain: string;
  /** The objects of each kind (a singleton: none or one), in the table's order. */
  objects: { readonly [K in KindName]?: readonly unknown[] };
  /** Things the user should know: skipped parts, objects gone while reading. */
  notes: string[];
}

/** Options of {@link readTenant}. */
export interface ReadTenantOptions {
  /** Receives one line per step (progress). */
  progress?: (line: string) => void;
  /** Per-object GETs in flight at once (default 8; the client's limiter paces them). */
  concurrency?: number;
}

/** Reads the whole tenant through `client` (see the module comment for the requests). */
export async function readTenant(client: TenantClient, options: ReadTenantOptions = {}): Promise<TenantSnapshot> {
  const notes: string[] = [];
  const objects: Partial<Record<KindName, readonly unknown[]>> = {};
  for (const kind of KIND_NAMES) {
    objects[kind] = await KIND_MODULES[kind].generator.read(client, {
      progress: options.progress,
      notes,
      concurrency: options.concurrency ?? 8,
    });
  }
  return { domain: client.settings.domain, objects, notes };
}
