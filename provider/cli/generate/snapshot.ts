/**
 * Reads everything `generate` needs from a tenant, with GETs only: every object of every
 * kind of the table, each kind as its generator reads it
 * (provider/lifecycle/generator.ts and the room's `generate` hooks in api/kinds/<kind>/provider.ts:
 * list pages, one GET per object where the list holds summaries). Nothing is ever written
 * to the tenant.
 */
import { kindNames } from "../../../api";
import type { TenantClient } from "../../client/http";
import { kindModule } from "../../lifecycle/kind-modules";

/** What a tenant holds, as the API returns it. */
export interface TenantSnapshot {
  /** The tenant's domain, as configured. */
  domain: string;
  /** The objects of each kind by its name (a singleton: none or one), in the table's order. */
  objects: { readonly [kind: string]: readonly unknown[] | undefined };
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
  const objects: Record<string, readonly unknown[]> = {};
  for (const kind of kindNames()) {
    objects[kind] = await kindModule(kind).generator.read(client, {
      progress: options.progress,
      notes,
      concurrency: options.concurrency ?? 8,
    });
  }
  return { domain: client.settings.domain, objects, notes };
}
