/**
 * `/rehearsal`: what a rehearsal of a login (`pulumi-tenant rehearse`) sets and reads on the
 * tenant server. `PUT /rehearsal/fixtures` replaces the network fixtures that answer the
 * post-login actions' requests and the flows' outside calls (`{"fixtures": [...]}`, in the
 * format of an action test's fixtures; `GET` answers them); `GET /rehearsal/trace?after=N` answers the trace's
 * events numbered after N (`{"events": [...], "last": M}`). Both take any bearer token the
 * management API accepts.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../api";
import { parseFixtures } from "../../api/table/fixtures";
import type { TenantContext } from "../context";
import { authenticate } from "../guard";
import { HttpError } from "../http-error";
import { rehearsalOf } from "../rehearsal";

/** The routes' prefix. */
export const REHEARSAL_PREFIX = "/rehearsal";

/** Refuses a request without a token the management API accepts (401 in the service's error shape). */
async function requireToken(request: FastifyRequest, context: TenantContext): Promise<void> {
  if (request.principal) return;
  const { principal, error } = await authenticate(request, context);
  if (!principal) throw error!;
}

/** The `after` query parameter: a whole number from 0 (default 0). */
function afterOf(query: unknown): number {
  const raw = (query as { after?: unknown } | undefined)?.after;
  if (raw === undefined) return 0;
  const after = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(after)) {
    throw new HttpError(
      400,
      "Query validation error: 'after must be a whole number from 0 (the last event number already read)'.",
      ERROR_CODES.invalidQuery,
    );
  }
  return after;
}

/** Registers the rehearsal routes. */
export function registerRehearsalRoutes(app: FastifyInstance, context: TenantContext): void {
  app.put(`${REHEARSAL_PREFIX}/fixtures`, async (request) => {
    await requireToken(request, context);
    const body = request.body as { fixtures?: unknown } | undefined;
    if (typeof body !== "object" || body === null || Array.isArray(body) || body.fixtures === undefined) {
      throw new HttpError(
        400,
        "Payload validation error: 'expected {\"fixtures\": [{request: {method, url}, response: {status, headers, body}}]}'.",
        ERROR_CODES.invalidBody,
      );
    }
    const fixtures = parseFixtures(body.fixtures);
    rehearsalOf(context).fixtures = fixtures;
    return { count: fixtures.length };
  });

  app.get(`${REHEARSAL_PREFIX}/fixtures`, async (request) => {
    await requireToken(request, context);
    return { fixtures: rehearsalOf(context).fixtures };
  });

  app.get(`${REHEARSAL_PREFIX}/trace`, async (request) => {
    await requireToken(request, context);
    return rehearsalOf(context).trace.after(afterOf(request.query));
  });
}
