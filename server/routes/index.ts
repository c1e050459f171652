/**
 * Every route of the server, as one Fastify plugin. Routes live in their own
 * (encapsulated) context; the pipeline's global plugins apply to them all.
 */
import type { FastifyInstance } from "fastify";
import { definedKindNames } from "../../api";
import type { TenantContext } from "../context";
import { registerActionRoutes } from "./actions";
import { registerAdminRoutes } from "./admin";
import { registerBrandingRoutes } from "./branding";
import { registerClientRoutes } from "./clients";
import { registerCollectionRoutes } from "./collection";
import { registerCustomDomainRoutes } from "./custom-domains";
import { registerEventStreamRoutes } from "./event-streams";
import { registerFormRoutes } from "./forms";
import { registerOAuthRoutes } from "./oauth";
import { RATE_LIMIT_POLICY_RULES } from "./rate-limit-policies";

/** Registers the token endpoint, the management API and the admin routes. */
export async function tenantRoutes(app: FastifyInstance, { context }: { context: TenantContext }): Promise<void> {
  registerOAuthRoutes(app, context);
  registerCollectionRoutes(app, context, "rateLimitPolicy", RATE_LIMIT_POLICY_RULES);
  registerFormRoutes(app, context);
  registerBrandingRoutes(app, context);
  registerEventStreamRoutes(app, context);
  // The neighbours the managed kinds lean on (api/resources/tenant-neighbours.ts).
  registerCustomDomainRoutes(app, context);
  registerActionRoutes(app, context);
  registerClientRoutes(app, context);
  // Kinds declared beyond the table (api defineKind): the routes of their table entry, secrets sealed by its paths.
  for (const kind of definedKindNames()) registerCollectionRoutes(app, context, kind);
  registerAdminRoutes(app, context);
}
