/**
 * The tenant's accounts as the management API has them: applications (`/clients`), the
 * database connection (`/connections`) and its users (`/users`, `/users-by-email`).
 */
import type { FastifyInstance } from "fastify";
import type { TenantContext } from "../context";
import { registerClientRoutes } from "./clients";
import { registerConnectionRoutes } from "./connections";
import { registerUserRoutes } from "./users";

/** Registers the applications', connections' and users' routes. */
export function registerAccountRoutes(app: FastifyInstance, context: TenantContext): void {
  registerClientRoutes(app, context);
  registerConnectionRoutes(app, context);
  registerUserRoutes(app, context);
}
