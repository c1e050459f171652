/**
 * The tenant's objects that the managed kinds lean on but that the project does not manage:
 * its custom domains (a login page template needs one) and the clients list (actions, which an
 * event stream's `action` destination names, and the branding settings are kinds of the table). The tenant server holds
 * them so that clients written for the real service (Auth0's deploy CLI, the SDKs) work
 * against it unchanged; the shapes follow the published API (the `auth0` SDK's models).
 */
import { enumOf, nullable, object, openObject, string, type Static } from "./schema/builder";

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
  clients: {
    read: "read:clients",
    create: "create:clients",
    update: "update:clients",
    delete: "delete:clients",
    /** Also answers the applications' secrets (`client_secret`) when they are read. */
    readKeys: "read:client_keys",
  },
  users: { read: "read:users", create: "create:users", update: "update:users", delete: "delete:users" },
  connections: { read: "read:connections", update: "update:connections" },
  /** The tenant's settings (`/tenants/settings`: its languages, names and support addresses). */
  tenantSettings: { read: "read:tenant_settings", update: "update:tenant_settings" },
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
  is_default?: boolean;
  status: (typeof CUSTOM_DOMAIN_STATUSES)[number];
  type: "auth0_managed_certs" | "self_managed_certs";
  origin_domain_name?: string;
  /** How to verify it: `CNAME` (as a real tenant answers; `cname` published) or `txt`. */
  verification?: {
    methods: { name: "txt" | "cname" | "CNAME" | "TXT"; record: string; domain?: string }[];
    status?: string;
  };
  tls_policy?: string;
  custom_client_ip_header?: string | null;
  domain_metadata?: Record<string, unknown>;
  created_at?: string;
}

/**
 * The branding settings as `GET /branding` answers them (only the fields set), for what reads
 * them beside the kinds (the login pages' look). A kind of the table: its room
 * (api/kinds/branding/) holds the schemas, and checks that they agree with this type.
 */
export type BrandingSettings = {
  colors?: {
    primary?: string;
    /** A colour, or a gradient. */
    page_background?: string | { type: "linear-gradient"; start: string; end: string; angle_deg: number };
  };
  favicon_url?: string;
  logo_url?: string;
  font?: { url?: string };
};

/** Path of the clients (applications) under `/api/v2`. */
export const CLIENTS_PATH = "/clients";
