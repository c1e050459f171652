/**
 * The tenant's objects that the managed kinds lean on but that the project does not manage:
 * its custom domains (a login page template needs one), its branding settings, the actions an
 * event stream's `action` destination names, and the clients list. The tenant server holds
 * them so that clients written for the real service (Auth0's deploy CLI, the SDKs) work
 * against it unchanged; the shapes follow the published API (the `auth0` SDK's models).
 */
import type { OffsetList } from "../provider-hooks";
import { array, boolean, enumOf, nullable, object, openObject, string, type Static } from "../schema/builder";

/** Path of the custom domains under `/api/v2`. */
export const CUSTOM_DOMAINS_PATH = "/custom-domains";

/** The id format of a custom domain (`cd_` and 16 base58 characters). */
export const CUSTOM_DOMAIN_ID = { prefix: "cd_", length: 16 } as const;

/**
 * What the real service answers (400) when a feature that needs a custom domain, the login
 * page template among them, is used on a tenant without one. The deploy CLI matches on
 * this sentence (its prompts handler), so it is kept word for word.
 */
export const NO_CUSTOM_DOMAIN_MESSAGE =
  "This feature requires at least one custom domain to be configured for the tenant.";

/**
 * The error code of {@link NO_CUSTOM_DOMAIN_MESSAGE}. The sources read (the deploy CLI, the
 * Auth0 CLI, the Terraform provider) quote the status and the message, never the code: this
 * one is the local tenant's choice, and clients should match on the message, as they do.
 */
export const NO_CUSTOM_DOMAIN_CODE = "operation_not_supported";

/** The scopes of the neighbours' operations (the admin client holds them all). */
export const NEIGHBOUR_SCOPES = {
  customDomains: {
    read: "read:custom_domains",
    create: "create:custom_domains",
    update: "update:custom_domains",
    delete: "delete:custom_domains",
  },
  branding: { read: "read:branding", update: "update:branding" },
  actions: { read: "read:actions", create: "create:actions", delete: "delete:actions" },
  clients: { read: "read:clients" },
} as const;

/** Custom domain statuses. */
export const CUSTOM_DOMAIN_STATUSES = ["pending_verification", "ready", "failed"] as const;

const tlsPolicy = enumOf(["recommended"] as const);
const clientIpHeader = nullable(
  enumOf(["true-client-ip", "cf-connecting-ip", "x-forwarded-for", "x-azure-clientip", ""] as const),
);

/** `POST /custom-domains`. */
export const customDomainCreateSchema = object(
  {
    domain: string({ maxLength: 255, pattern: "^([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,}$" }),
    type: enumOf(["auth0_managed_certs", "self_managed_certs"] as const),
    verification_method: enumOf(["txt"] as const),
    tls_policy: tlsPolicy,
    custom_client_ip_header: clientIpHeader,
    domain_metadata: openObject({}),
  },
  { required: ["domain", "type"] },
);

/** `PATCH /custom-domains/{id}`. */
export const customDomainUpdateSchema = object({
  tls_policy: tlsPolicy,
  custom_client_ip_header: clientIpHeader,
  domain_metadata: openObject({}),
});

/** The create body of a custom domain. */
export type CustomDomainCreate = Static<typeof customDomainCreateSchema>;

/** A custom domain as the API answers it. */
export interface CustomDomain {
  custom_domain_id: string;
  domain: string;
  primary: boolean;
  status: (typeof CUSTOM_DOMAIN_STATUSES)[number];
  type: "auth0_managed_certs" | "self_managed_certs";
  origin_domain_name?: string;
  verification?: { methods: { name: "txt" | "cname"; record: string; domain?: string }[]; status?: string };
  tls_policy?: string;
  custom_client_ip_header?: string | null;
  domain_metadata?: Record<string, unknown>;
}

/** Path of the branding settings under `/api/v2`. */
export const BRANDING_PATH = "/branding";

const httpsUrl = string({ format: "strict-https-uri", maxLength: 1024 });
/** A color as the branding settings take it (`#rrggbb` or `#rgb`). */
const color = string({ pattern: "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" });

/** `PATCH /branding`: each field set, or cleared with null. */
export const brandingUpdateSchema = object({
  colors: nullable(object({ primary: nullable(color), page_background: nullable(color) })),
  favicon_url: nullable(httpsUrl),
  logo_url: nullable(httpsUrl),
  font: nullable(object({ url: nullable(httpsUrl) })),
});

/** The branding settings: what `GET /branding` answers (only the fields set). */
export type BrandingSettings = {
  colors?: { primary?: string; page_background?: string };
  favicon_url?: string;
  logo_url?: string;
  font?: { url?: string };
};

/** Path of the actions under `/api/v2`. */
export const ACTIONS_PATH = "/actions/actions";

/** The actions' list: `?page=&per_page=` (at most 100) → `{actions, total, page, per_page}`. */
export const ACTIONS_LIST = { path: ACTIONS_PATH, listKey: "actions", maxPageSize: 100 } as const satisfies OffsetList;

/** The triggers an action may support (the ones the local tenant knows). */
export const ACTION_TRIGGER_IDS = [
  "post-login",
  "credentials-exchange",
  "pre-user-registration",
  "post-user-registration",
  "post-change-password",
  "send-phone-message",
  "password-reset-post-challenge",
  "event-stream",
] as const;

/** `POST /actions/actions` (action secrets are not held by the local tenant). */
export const actionCreateSchema = object(
  {
    name: string({ minLength: 1, maxLength: 255 }),
    supported_triggers: array(
      object({ id: enumOf(ACTION_TRIGGER_IDS), version: string({ maxLength: 16 }) }, { required: ["id"] }),
      { minItems: 1, maxItems: 1 },
    ),
    code: string({ maxLength: 100_000 }),
    runtime: enumOf(["node18", "node22"] as const),
    dependencies: array(object({ name: string(), version: string() }, { required: ["name", "version"] })),
    deploy: boolean(),
  },
  { required: ["name", "supported_triggers"] },
);

/** The create body of an action. */
export type ActionCreate = Static<typeof actionCreateSchema>;

/** An action as the API answers it (the fields the local tenant keeps). */
export interface Action {
  id: string;
  name: string;
  supported_triggers: { id: string; version: string }[];
  code: string;
  runtime: string;
  dependencies: { name: string; version: string }[];
  secrets: never[];
  all_changes_deployed: boolean;
  status: "built";
  created_at: string;
  updated_at: string;
}

/** Path of the clients (applications) under `/api/v2`. */
export const CLIENTS_PATH = "/clients";
