/**
 * `/api/v2/custom-domains`: the tenant's custom domains, as the published API has them
 * (list as a bare array, create, get, update, delete, verify). The local tenant cannot look
 * up DNS, so `verify` finds every domain verified and marks it `ready`. A fresh tenant
 * starts with one verified domain unless told otherwise ({@link seedCustomDomain}): the
 * login page template needs one, as on the real service.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  CUSTOM_DOMAIN_ID,
  CUSTOM_DOMAINS_PATH,
  customDomainCreateSchema,
  customDomainUpdateSchema,
  ERROR_CODES,
  idPatternOf,
  NO_CUSTOM_DOMAIN_CODE,
  NO_CUSTOM_DOMAIN_MESSAGE,
  NEIGHBOUR_SCOPES,
  newIdOf,
  type CustomDomain,
  type CustomDomainCreate,
} from "../../api";
import type { TenantContext } from "../context";
import { HttpError, invalidUri, notFound } from "../http-error";
import type { Collection, Store } from "../store";
import { compileSchema, validBody, type IdRoute } from "../validation";

const BASE = `/api/v2${CUSTOM_DOMAINS_PATH}`;
const CREATE = compileSchema(customDomainCreateSchema);
const UPDATE = compileSchema(customDomainUpdateSchema);
const ID_PATTERN = new RegExp(idPatternOf(CUSTOM_DOMAIN_ID));

const CUSTOM_DOMAIN_SCOPES = NEIGHBOUR_SCOPES.customDomains;

/** The custom domain collection of a store. */
export function customDomainsOf(store: Store): Collection<CustomDomain> {
  return store.collection<CustomDomain>("custom_domains");
}

/**
 * Throws the real service's 400 when the tenant has no custom domain: the login page
 * template's routes call it first.
 */
export function requireCustomDomain(store: Store): void {
  if (customDomainsOf(store).count() === 0) {
    throw new HttpError(400, NO_CUSTOM_DOMAIN_MESSAGE, NO_CUSTOM_DOMAIN_CODE);
  }
}

/** A new domain, pending verification, with the TXT record the service asks for. */
function newDomain(body: CustomDomainCreate, primary: boolean): CustomDomain {
  const id = newIdOf(CUSTOM_DOMAIN_ID);
  return {
    custom_domain_id: id,
    domain: body.domain,
    primary,
    status: "pending_verification",
    type: body.type,
    verification: {
      methods: [
        {
          name: "txt",
          record: `auth0-domain-verification=${randomBytes(16).toString("hex")}`,
          domain: `_cf-custom-hostname.${body.domain}`,
        },
      ],
      status: "pending",
    },
    tls_policy: body.tls_policy ?? "recommended",
    ...(body.custom_client_ip_header !== undefined ? { custom_client_ip_header: body.custom_client_ip_header } : {}),
    ...(body.domain_metadata !== undefined ? { domain_metadata: body.domain_metadata } : {}),
  };
}

/** `domain` as verified: ready, with the origin a CNAME would point at. */
function verified(domain: CustomDomain): CustomDomain {
  return {
    ...domain,
    status: "ready",
    origin_domain_name: `local-tenant-${domain.custom_domain_id.slice(3).toLowerCase()}.edge.tenant.test`,
    verification: { methods: domain.verification?.methods ?? [], status: "verified" },
  };
}

/**
 * Replaces the tenant's custom domains with `names`, each verified (the admin API and the
 * server's start options use it).
 */
export function setVerifiedCustomDomains(store: Store, names: readonly string[]): CustomDomain[] {
  const domains = customDomainsOf(store);
  return store.transaction(() => {
    for (const existing of domains.findWhere({})) domains.delete(existing.custom_domain_id);
    return names.map((name, index) => {
      const domain = verified(newDomain({ domain: name, type: "auth0_managed_certs" }, index === 0));
      domains.insert(domain.custom_domain_id, domain);
      return domain;
    });
  });
}

const SEEDED_RECORD = "custom-domain-seeded";

/**
 * Gives a fresh tenant one verified custom domain named `name` (none when `name` is false).
 * Once only: a tenant whose data directory has started before keeps what it has, so a domain
 * deleted through the API stays deleted across restarts.
 */
export function seedCustomDomain(store: Store, name: string | false): void {
  const marks = store.collection<{ seeded: boolean }>("tenant_marks");
  if (marks.get(SEEDED_RECORD)) return;
  store.transaction(() => {
    if (name !== false) setVerifiedCustomDomains(store, [name]);
    marks.insert(SEEDED_RECORD, { seeded: true });
  });
}

/** Checks the id path parameter. */
function pathId(id: string): string {
  if (id.length > CUSTOM_DOMAIN_ID.prefix.length + CUSTOM_DOMAIN_ID.length || !ID_PATTERN.test(id)) {
    throw invalidUri("id", `String does not match pattern: ${ID_PATTERN.source}`);
  }
  return id;
}

/** Registers the custom domain routes. */
export function registerCustomDomainRoutes(app: FastifyInstance, context: TenantContext): void {
  const domains = customDomainsOf(context.store);
  const auth = (scope: string) => ({ config: { auth: { scope } } });
  const find = (id: string) => {
    const domain = domains.get(pathId(id));
    if (!domain) throw notFound("The custom domain does not exist.", "inexistent_custom_domain");
    return domain;
  };

  app.get(BASE, auth(CUSTOM_DOMAIN_SCOPES.read), async () => domains.findWhere({}));

  app.post(BASE, auth(CUSTOM_DOMAIN_SCOPES.create), async (request, reply) => {
    const body = validBody<CustomDomainCreate>(request.body, CREATE, customDomainCreateSchema, false);
    const domain = context.store.transaction(() => {
      if (domains.findWhere({ domain: body.domain }).length > 0) {
        throw new HttpError(409, `The custom domain ${body.domain} already exists.`, ERROR_CODES.conflict);
      }
      const created = newDomain(body, domains.count() === 0);
      domains.insert(created.custom_domain_id, created);
      return created;
    });
    return reply.code(201).send(domain);
  });

  app.get<IdRoute>(`${BASE}/:id`, auth(CUSTOM_DOMAIN_SCOPES.read), async (request) => find(request.params.id));

  app.patch<IdRoute>(`${BASE}/:id`, auth(CUSTOM_DOMAIN_SCOPES.update), async (request) => {
    const body = validBody<Partial<CustomDomain>>(request.body, UPDATE, customDomainUpdateSchema, false);
    return context.store.transaction(() => {
      const updated = { ...find(request.params.id), ...body };
      domains.replace(updated.custom_domain_id, updated);
      return updated;
    });
  });

  app.delete<IdRoute>(`${BASE}/:id`, auth(CUSTOM_DOMAIN_SCOPES.delete), async (request, reply) => {
    domains.delete(find(request.params.id).custom_domain_id);
    return reply.code(204).send();
  });

  app.post<IdRoute>(`${BASE}/:id/verify`, auth(CUSTOM_DOMAIN_SCOPES.create), async (request) => {
    return context.store.transaction(() => {
      const domain = verified(find(request.params.id));
      domains.replace(domain.custom_domain_id, domain);
      return domain;
    });
  });
}
