/**
 * The tenant's accounts as the management API has them: applications (`/clients`), the
 * database connection (`/connections`) and its users (`/users`). The project does not manage
 * them as kinds; the tenant server holds them so that a login can be tried locally, in the
 * shapes of the published API (the `auth0` SDK's models). Their scopes are in
 * `NEIGHBOUR_SCOPES` (./neighbours.ts).
 */
import type { IdFormat } from "./ids";
import {
  array,
  boolean,
  enumOf,
  integer,
  nullable,
  object,
  openObject,
  record,
  string,
  type Static,
} from "./schema/builder";

/** Path of the users under `/api/v2`. */
export const USERS_PATH = "/users";

/** Path of the exact e-mail lookup of users under `/api/v2`. */
export const USERS_BY_EMAIL_PATH = "/users-by-email";

/** Path of the connections under `/api/v2`. */
export const CONNECTIONS_PATH = "/connections";

/** The id format of a connection (`con_` and 16 base58 characters). */
export const CONNECTION_ID: IdFormat = { prefix: "con_", length: 16 };

/** The tenant's database connection, as every tenant of the service starts with it. */
export const DATABASE_CONNECTION_NAME = "Username-Password-Authentication";

/** The kinds of application (`app_type`) the local tenant takes. */
export const APPLICATION_TYPES = ["regular_web", "spa", "native", "non_interactive"] as const;

/** How an application authenticates at the token endpoint. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"] as const;

/** The grant types an application may be given. */
export const GRANT_TYPES = [
  "authorization_code",
  "implicit",
  "refresh_token",
  "client_credentials",
  "password",
  "http://auth0.com/oauth/grant-type/password-realm",
  "urn:ietf:params:oauth:grant-type:device_code",
] as const;

/** The password policies of a database connection (`options.passwordPolicy`), weakest first. */
export const PASSWORD_POLICIES = ["none", "low", "fair", "good", "excellent"] as const;

/** A password policy's name. */
export type PasswordPolicyName = (typeof PASSWORD_POLICIES)[number];

/** What the service answers (400) when a password does not pass the connection's policy. */
export const PASSWORD_TOO_WEAK_MESSAGE = "PasswordStrengthError: Password is too weak";

/** What the service answers (409) when a user with the e-mail exists in the connection. */
export const USER_EXISTS_MESSAGE = "The user already exists.";

/** The error code of the service's conflicts on users. */
export const USER_CONFLICT_CODE = "auth0_idp_error";

/** The longest password the service takes, in UTF-8 bytes. */
export const PASSWORD_MAX_BYTES = 72;

/** A URL as the applications' lists take them (`https://app.example/callback`, `com.example.app://cb`, wildcards). */
const urlEntry = string({ format: "uri", maxLength: 2048 });
const urlList = array(urlEntry, { maxItems: 100 });
/** `client_metadata`: up to 10 string values of at most 255 characters. */
const clientMetadataValue = string({ maxLength: 255 });

const applicationFields = {
  name: string({ minLength: 1, maxLength: 255, pattern: "^[^<>]+$", description: "The application's name." }),
  description: string({ maxLength: 140 }),
  app_type: enumOf(APPLICATION_TYPES),
  logo_uri: string({ format: "uri", maxLength: 2048 }),
  callbacks: urlList,
  allowed_logout_urls: urlList,
  web_origins: urlList,
  allowed_origins: urlList,
  grant_types: array(enumOf(GRANT_TYPES), { maxItems: GRANT_TYPES.length }),
  token_endpoint_auth_method: enumOf(TOKEN_ENDPOINT_AUTH_METHODS),
  is_first_party: boolean(),
  oidc_conformant: boolean(),
  sso_disabled: boolean(),
  cross_origin_authentication: boolean(),
};

/** `POST /clients`. */
export const applicationCreateSchema = object(
  { ...applicationFields, client_metadata: { ...record(clientMetadataValue), maxProperties: 10 } },
  { required: ["name"] },
);

/** `PATCH /clients/{id}`: each field replaced; `client_metadata` merged (a null removes a key). */
export const applicationUpdateSchema = object({
  ...applicationFields,
  client_metadata: { ...record(nullable(clientMetadataValue)), maxProperties: 10 },
});

/** The create body of an application. */
export type ApplicationCreate = Static<typeof applicationCreateSchema>;

/** The update body of an application. */
export type ApplicationUpdate = Static<typeof applicationUpdateSchema>;

/** An application as the API answers it (`client_secret` only with `read:client_keys`, and on create). */
export interface Application {
  client_id: string;
  client_secret?: string;
  name: string;
  description?: string;
  app_type?: (typeof APPLICATION_TYPES)[number];
  logo_uri?: string;
  callbacks: string[];
  allowed_logout_urls: string[];
  web_origins: string[];
  allowed_origins: string[];
  grant_types: string[];
  token_endpoint_auth_method: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
  is_first_party: boolean;
  oidc_conformant: boolean;
  sso_disabled: boolean;
  cross_origin_authentication: boolean;
  global: boolean;
  custom_login_page_on: boolean;
  callback_url_template: boolean;
  jwt_configuration: { alg: "RS256"; lifetime_in_seconds: number; secret_encoded: boolean };
  client_metadata: Record<string, string>;
}

/** An e-mail address (the service's check is lenient too: something, `@`, a domain with a dot). */
const email = string({ maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", description: "The user's email." });
const password = string({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, description: "The user's password." });
/** Metadata: any JSON object. */
const metadata = openObject({});

const userProfileFields = {
  email,
  email_verified: boolean(),
  verify_email: boolean(),
  blocked: boolean(),
  name: string({ minLength: 1, maxLength: 300 }),
  nickname: string({ minLength: 1, maxLength: 300 }),
  given_name: string({ minLength: 1, maxLength: 150 }),
  family_name: string({ minLength: 1, maxLength: 150 }),
  picture: string({ format: "uri", maxLength: 2048 }),
  password,
};

/** `POST /users`. */
export const userCreateSchema = object(
  {
    connection: string({ minLength: 1, maxLength: 128, description: "The connection the user belongs to." }),
    ...userProfileFields,
    user_metadata: metadata,
    app_metadata: metadata,
  },
  { required: ["connection", "email", "password"] },
);

/** `PATCH /users/{id}`: profile fields replaced; metadata merged at the top level (a null removes a key, `{}` empties it). */
export const userUpdateSchema = object({
  connection: string({ minLength: 1, maxLength: 128 }),
  ...userProfileFields,
  user_metadata: metadata,
  app_metadata: metadata,
});

/** The create body of a user. */
export type UserCreate = Static<typeof userCreateSchema>;

/** The update body of a user. */
export type UserUpdate = Static<typeof userUpdateSchema>;

/** One of a user's identities. */
export interface UserIdentity {
  connection: string;
  provider: "auth0";
  user_id: string;
  isSocial: false;
}

/** A user as the API answers it (never the password). */
export interface User {
  user_id: string;
  email: string;
  email_verified: boolean;
  name: string;
  nickname: string;
  given_name?: string;
  family_name?: string;
  picture: string;
  identities: UserIdentity[];
  created_at: string;
  updated_at: string;
  last_login?: string;
  last_ip?: string;
  logins_count: number;
  blocked?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
}

/** The options of the database connection the local tenant reads (others are kept as given). */
const connectionOptions = openObject({
  passwordPolicy: nullable(enumOf(PASSWORD_POLICIES)),
  password_complexity_options: nullable(openObject({ min_length: integer({ minimum: 1, maximum: 128 }) })),
  disable_signup: boolean(),
  brute_force_protection: boolean(),
});

/** `PATCH /connections/{id}`: `options`, when given, replaces the options whole (as on the service). */
export const connectionUpdateSchema = object({
  options: connectionOptions,
  enabled_clients: array(string({ minLength: 1, maxLength: 64 }), { maxItems: 1000 }),
  display_name: string({ minLength: 1, maxLength: 128 }),
  metadata: { ...record(string({ maxLength: 255 })), maxProperties: 10 },
});

/** The update body of a connection. */
export type ConnectionUpdate = Static<typeof connectionUpdateSchema>;

/** The database connection as the API answers it. */
export interface Connection {
  id: string;
  name: string;
  display_name?: string;
  strategy: "auth0";
  options: {
    passwordPolicy?: PasswordPolicyName | null;
    password_complexity_options?: { min_length?: number } | null;
    disable_signup?: boolean;
    brute_force_protection?: boolean;
    [key: string]: unknown;
  };
  enabled_clients: string[];
  is_domain_connection: boolean;
  realms: string[];
  metadata?: Record<string, string>;
}
