/**
 * Every route of the server, as one Fastify plugin. Routes live in their own
 * (encapsulated) context; the pipeline's global plugins apply to them all.
 */
import type { FastifyInstance } from "fastify";
import { kindNames, kindSpec } from "../../api";
import type { TenantContext } from "../context";
import { registerActionTestRoute } from "./action-test";
import { actionCollectionRules, registerActionRoutes } from "./actions";
import { registerAdminRoutes } from "./admin";
import { registerBrandingRoutes } from "./branding";
import { registerClientRoutes } from "./clients";
import { registerCollectionRoutes, type CollectionRules } from "./collection";
import { registerCustomDomainRoutes } from "./custom-domains";
import { registerOAuthRoutes } from "./oauth";
import { registerSingletonRoutes } from "./singleton";

/** The server rules of the kinds whose generic routes need more than their entry says (a route file beside them). */
const OWN_COLLECTION_RULES: Readonly<Record<string, (context: TenantContext) => CollectionRules>> = {
  action: actionCollectionRules,
};

/** Registers the token endpoint, the management API and the admin routes. */
export async function tenantRoutes(app: FastifyInstance, { context }: { context: TenantContext }): Promise<void> {
  registerOAuthRoutes(app, context);
  // Every kind, the table's and those declared beyond it (api defineKind): the generic routes of
  // its table entry (secrets sealed by its paths), a collection's or a singleton's, with the rules beside it.
  for (const kind of kindNames()) {
    // A kind whose routes are a file of their own (a trigger's bindings, beside the actions') is registered there.
    if (kindSpec(kind)!.rules?.ownRoutes !== undefined) continue;
    if (kindSpec(kind)!.shape === "singleton") registerSingletonRoutes(app, context, kind);
    else registerCollectionRoutes(app, context, kind, OWN_COLLECTION_RULES[kind]?.(context));
  }
  // The neighbours the managed kinds lean on (api/resources/tenant-neighbours.ts).
  registerBrandingRoutes(app, context);
  registerCustomDomainRoutes(app, context);
  // The actions' deploy, versions, triggers and the triggers' bindings (a kind of its own), beside their generic routes.
  registerActionRoutes(app, context);
  registerActionTestRoute(app, context, context.actionTests ?? { enabled: false });
  registerClientRoutes(app, context);
  registerAdminRoutes(app, context);
}
