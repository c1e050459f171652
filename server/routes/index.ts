/**
 * Every route of the server, as one Fastify plugin. Routes live in their own
 * (encapsulated) context; the pipeline's global plugins apply to them all.
 */
import type { FastifyInstance } from "fastify";
import { kindNames } from "../../api";
import type { TenantContext } from "../context";
import { registerActionRoutes } from "./actions";
import { registerAdminRoutes } from "./admin";
import { registerBrandingRoutes } from "./branding";
import { registerClientRoutes } from "./clients";
import { registerCollectionRoutes } from "./collection";
import { registerCustomDomainRoutes } from "./custom-domains";
import { registerOAuthRoutes } from "./oauth";

/** Kinds served by routes of their own (by kind name); every other kind gets the generic collection routes. */
const OWN_ROUTES = new Map<string, (app: FastifyInstance, context: TenantContext) => void>([
  ["loginTemplate", registerBrandingRoutes],
]);

/** Registers the token endpoint, the management API and the admin routes. */
export async function tenantRoutes(app: FastifyInstance, { context }: { context: TenantContext }): Promise<void> {
  registerOAuthRoutes(app, context);
  // Every kind, the table's and those declared beyond it (api defineKind): its own routes, or
  // the generic routes of its table entry (secrets sealed by its paths) with the rules beside it.
  for (const kind of kindNames()) {
    const own = OWN_ROUTES.get(kind);
    if (own) own(app, context);
    else registerCollectionRoutes(app, context, kind);
  }
  // The neighbours the managed kinds lean on (api/resources/tenant-neighbours.ts).
  registerCustomDomainRoutes(app, context);
  registerActionRoutes(app, context);
  registerClientRoutes(app, context);
  registerAdminRoutes(app, context);
}
