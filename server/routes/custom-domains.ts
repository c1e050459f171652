/**
 * `/api/v2/custom-domains`: the tenant's custom domains, as the published API has them
 * (list as a bare array, create, get, update, delete, verify) and as a real tenant answers
 * (the Terraform provider's recordings): a domain with Auth0-managed certificates is verified
 * by a `CNAME` of the domain itself to the tenant's edge host; one with its own certificates by
 * a `TXT` record at `_cf-custom-hostname.<domain>`; neither answer has a `verification.status`;
 * `is_default` and `created_at` are answered, and `custom_client_ip_header` (null until set)
 * for a domain with its own certificates. The local tenant cannot look up DNS, so `verify`
 * (201, as recorded) finds every domain verified and marks it `ready`, with its
 * `origin_domain_name`. A fresh tenant starts with one verified domain unless told otherwise
 * ({@link seedCustomDomain}): the login page template needs one, as on the real service; a
 * domain pending verification is enough for it, as recorded.
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

/** The local tenant's name in its edge hosts (a real tenant's is its own: `<tenant>-cd-….edge.tenants.eu.auth0.com`). */
const LOCAL_TENANT_NAME = "local-tenant";

/**
 * The edge host a custom domain's traffic goes to, named as the service names it: the tenant,
 * the domain's id in lowercase with a dash (`cd-tyfz0ijsjkuwu04p`), its region's edge (here a
 * `.test` name, which no DNS resolves).
 */
export function edgeHostOf(customDomainId: string): string {
  return `${LOCAL_TENANT_NAME}-${customDomainId.replace("_", "-").toLowerCase()}.edge.tenants.local.test`;
}

/** How the service asks to verify a domain of the certificates `type`. */
function verificationOf(
  id: string,
  domain: string,
  type: CustomDomain["type"],
): NonNullable<CustomDomain["verification"]> {
  // Auth0-managed certificates: a CNAME of the domain itself to the edge (recorded on a real tenant).
  if (type === "auth0_managed_certs") return { methods: [{ name: "CNAME", record: edgeHostOf(id), domain }] };
  return {
    methods: [
      {
        name: "txt",
        record: `auth0-domain-verification=${randomBytes(16).toString("hex")}`,
        domain: `_cf-custom-hostname.${domain}`,
      },
    ],
  };
}

/** A new domain, pending verification, with the record the service asks for. */
function newDomain(body: CustomDomainCreate, primary: boolean): CustomDomain {
  const id = newIdOf(CUSTOM_DOMAIN_ID);
  const ownCertificates = body.type === "self_managed_certs";
  return {
    custom_domain_id: id,
    domain: body.domain,
    primary,
    is_default: false,
    status: "pending_verification",
    type: body.type,
    verification: verificationOf(id, body.domain, body.type),
    tls_policy: body.tls_policy ?? "recommended",
    ...(body.custom_client_ip_header !== undefined || ownCertificates
      ? { custom_client_ip_header: body.custom_client_ip_header ?? null }
      : {}),
    ...(body.domain_metadata !== undefined ? { domain_metadata: body.domain_metadata } : {}),
    created_at: new Date().toISOString(),
  };
}

/** `domain` as verified: ready, with the edge host its traffic goes to. */
function verified(domain: CustomDomain): CustomDomain {
  const { status: _pending, ...verification } = domain.verification ?? { methods: [] };
  return { ...domain, status: "ready", origin_domain_name: edgeHostOf(domain.custom_domain_id), verification };
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

  // 201, as a real tenant answers it.
  app.post<IdRoute>(`${BASE}/:id/verify`, auth(CUSTOM_DOMAIN_SCOPES.create), async (request, reply) => {
    const domain = context.store.transaction(() => {
      const ready = verified(find(request.params.id));
      domains.replace(ready.custom_domain_id, ready);
      return ready;
    });
    return reply.code(201).send(domain);
  });
}
