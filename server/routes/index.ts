/**
 * Every route of the server, as one Fastify plugin. Routes live in their own
 * (encapsulated) context; the pipeline's global plugins apply to them all.
 */
import type { FastifyInstance } from "fastify";
import { kindNames, kindSpec } from "../../api";
import type { TenantContext } from "../context";
import { registerAdminRoutes } from "./admin";
import { registerAccountRoutes } from "./accounts";
import { registerCollectionRoutes } from "./collection";
import { registerCustomDomainRoutes } from "./custom-domains";
import { registerOAuthRoutes } from "./oauth";
import { registerRehearsalRoutes } from "./rehearsal";
import { checkRelations, isServed } from "./relations";
import { registerSingletonRoutes } from "./singleton";
import { registerTenantSettingsRoutes } from "./tenant-settings";

/** Registers the token endpoint, the management API and the admin routes. */
export async function tenantRoutes(app: FastifyInstance, { context }: { context: TenantContext }): Promise<void> {
  checkRelations();
  registerOAuthRoutes(app, context);
  // Every kind, the table's and those declared beyond it (api defineKind): the generic routes of
  // its table entry (secrets sealed by its paths), a collection's or a singleton's, with the rules beside it.
  for (const kind of kindNames()) {
    // A kind served by another kind's operations (a trigger's bindings, by the actions') has no routes of its own.
    if (isServed(kind)) continue;
    if (kindSpec(kind)!.shape === "singleton") registerSingletonRoutes(app, context, kind);
    else registerCollectionRoutes(app, context, kind);
  }
  // The neighbours the managed kinds lean on (api/neighbours.ts).
  registerCustomDomainRoutes(app, context);
  registerAccountRoutes(app, context);
  registerTenantSettingsRoutes(app, context);
  registerAdminRoutes(app, context);
  registerRehearsalRoutes(app, context);
}
