/**
 * The tenant's applications made through `/api/v2/clients`, kept in the `applications`
 * collection with their secrets sealed at rest (server/secrets.ts). The machine-to-machine
 * clients the server is started with (the admin client and `--clients`) stay in the
 * {@link ClientRegistry}; the routes list both.
 */
import type { Application, ApplicationCreate, ApplicationUpdate } from "../../api";
import { newClientId, newClientSecret } from "../auth/clients";
import type { Collection, Store } from "../store";

type AppType = NonNullable<Application["app_type"]>;

/** What the service gives an application of each type when the create body leaves it out. */
const DEFAULTS_BY_TYPE: Record<AppType, Pick<Application, "grant_types" | "token_endpoint_auth_method">> = {
  regular_web: {
    grant_types: ["authorization_code", "implicit", "refresh_token", "client_credentials"],
    token_endpoint_auth_method: "client_secret_post",
  },
  spa: { grant_types: ["authorization_code", "implicit", "refresh_token"], token_endpoint_auth_method: "none" },
  native: { grant_types: ["authorization_code", "implicit", "refresh_token"], token_endpoint_auth_method: "none" },
  non_interactive: { grant_types: ["client_credentials"], token_endpoint_auth_method: "client_secret_post" },
};

/** An application without an `app_type` (a "generic" one) is given a regular web application's defaults. */
const UNTYPED_DEFAULTS = DEFAULTS_BY_TYPE.regular_web;

/** The ID token's lifetime the service gives new applications (10 hours). */
const ID_TOKEN_LIFETIME_SECONDS = 36_000;

/** A new application from a create body: the service's defaults for its type, a fresh id and secret. */
export function newApplication(body: ApplicationCreate): Application {
  const defaults = body.app_type ? DEFAULTS_BY_TYPE[body.app_type] : UNTYPED_DEFAULTS;
  return {
    client_id: newClientId(),
    client_secret: newClientSecret(),
    name: body.name,
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.app_type !== undefined ? { app_type: body.app_type } : {}),
    ...(body.logo_uri !== undefined ? { logo_uri: body.logo_uri } : {}),
    callbacks: body.callbacks ?? [],
    allowed_logout_urls: body.allowed_logout_urls ?? [],
    web_origins: body.web_origins ?? [],
    allowed_origins: body.allowed_origins ?? [],
    grant_types: body.grant_types ?? [...defaults.grant_types],
    token_endpoint_auth_method: body.token_endpoint_auth_method ?? defaults.token_endpoint_auth_method,
    is_first_party: body.is_first_party ?? true,
    oidc_conformant: body.oidc_conformant ?? true,
    sso_disabled: body.sso_disabled ?? false,
    cross_origin_authentication: body.cross_origin_authentication ?? false,
    global: false,
    custom_login_page_on: true,
    callback_url_template: false,
    jwt_configuration: { alg: "RS256", lifetime_in_seconds: ID_TOKEN_LIFETIME_SECONDS, secret_encoded: false },
    client_metadata: body.client_metadata ?? {},
  };
}

/**
 * `application` with `patch` applied: fields replaced, `client_metadata` merged (a null
 * removes a key). The id and secret never change here.
 */
export function updatedApplication(application: Application, patch: ApplicationUpdate): Application {
  const { client_metadata: metadataPatch, ...fields } = patch;
  // A Map, then fromEntries: a `__proto__` key stays a key (an assignment would set the prototype).
  const client_metadata = new Map(Object.entries(application.client_metadata));
  for (const [key, value] of Object.entries(metadataPatch ?? {})) {
    if (value === null) client_metadata.delete(key);
    else client_metadata.set(key, value);
  }
  return { ...application, ...fields, client_metadata: Object.fromEntries(client_metadata) };
}

/** The application as answered: its secret only when the caller may read client keys. */
export function answeredApplication(application: Application, withSecret: boolean): Application {
  if (withSecret) return application;
  const { client_secret: _secret, ...rest } = application;
  return rest;
}

/** The applications of a tenant's store. */
export class ApplicationStore {
  private readonly applications: Collection<Application>;

  constructor(store: Store) {
    this.applications = store.collection<Application>("applications", { secretPaths: [["client_secret"]] });
  }

  /** Stores a new application. */
  insert(application: Application): void {
    this.applications.insert(application.client_id, application);
  }

  /** The application with this client id, if any. */
  get(clientId: string): Application | undefined {
    return this.applications.get(clientId);
  }

  /** Every application, in the order they were made. */
  list(): Application[] {
    return this.applications.findWhere({});
  }

  /** How many there are. */
  count(): number {
    return this.applications.count();
  }

  /** A page of them, in the order they were made. */
  page(offset: number, limit: number): Application[] {
    return this.applications.pageOffset(offset, limit);
  }

  /** Stores a changed application. */
  replace(application: Application): void {
    this.applications.replace(application.client_id, application);
  }

  /** Deletes one; false when there was none. */
  delete(clientId: string): boolean {
    return this.applications.delete(clientId);
  }
}
