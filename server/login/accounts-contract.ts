/**
 * What the hosted login (server/login/: the OpenID Connect provider, the login pages, the
 * post-login actions) needs of the tenant's records (applications, the database connection
 * and its users), and nothing more: the records' own routes (`/api/v2/clients`,
 * `/api/v2/connections`, `/api/v2/users`) keep their stores behind it. Implemented by
 * {@link createLoginAccounts} in ./accounts.ts.
 */

/** The kinds of application the service knows (`app_type`). */
export type ApplicationType = "regular_web" | "spa" | "native" | "non_interactive";

/** How an application authenticates at the token endpoint (`none` for public clients). */
export type TokenEndpointAuthMethod = "none" | "client_secret_post" | "client_secret_basic";

/** An application as the login protocol needs it. */
export interface LoginApplication {
  readonly client_id: string;
  readonly name: string;
  readonly app_type: ApplicationType;
  readonly callbacks: readonly string[];
  readonly allowed_logout_urls: readonly string[];
  readonly web_origins: readonly string[];
  readonly grant_types: readonly string[];
  readonly token_endpoint_auth_method: TokenEndpointAuthMethod;
  /** The application's secret, for the protocol library's client authentication only (undefined for public clients); never logged or answered. */
  readonly client_secret?: string;
}

/** A user of the database connection, as the login and the actions' `event.user` see it (never the password). */
export interface LoginUser {
  readonly user_id: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly name: string;
  readonly nickname: string;
  readonly picture: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly last_login?: string;
  readonly logins_count: number;
  readonly blocked: boolean;
  readonly user_metadata: Readonly<Record<string, unknown>>;
  readonly app_metadata: Readonly<Record<string, unknown>>;
  readonly identities: readonly { connection: string; provider: string; user_id: string; isSocial: boolean }[];
}

/** The database connection as the login sees it. */
export interface LoginConnection {
  readonly id: string;
  readonly name: string;
  readonly strategy: "auth0";
}

/** Why a password was refused at signup or a login failed, in the service's error codes. */
export type AccountRefusal =
  | { readonly code: "invalid_password"; readonly description: string }
  | { readonly code: "user_exists"; readonly description: string }
  | { readonly code: "invalid_signup"; readonly description: string }
  | { readonly code: "wrong_credentials"; readonly description: string }
  | { readonly code: "user_blocked"; readonly description: string };

/** The tenant's records the hosted login reads and writes. */
export interface LoginAccounts {
  /** The application with this client id (the management clients included), or undefined. */
  application(clientId: string): LoginApplication | undefined;
  /** The database connection an application may log users in with, or undefined when it is disabled for it. */
  databaseConnection(clientId: string): LoginConnection | undefined;
  /** Checks an email and password (a slow hash); a blocked user is refused even with the right password. */
  authenticate(connection: string, email: string, password: string): Promise<LoginUser | AccountRefusal>;
  /** Makes a user (signup), the connection's password policy applied. */
  signUp(connection: string, email: string, password: string): Promise<LoginUser | AccountRefusal>;
  /** The user with this id, or undefined. */
  user(userId: string): LoginUser | undefined;
  /** Merges metadata into the user, as the actions' `api.user.setUserMetadata`/`setAppMetadata` do (a null removes a key). */
  mergeMetadata(
    userId: string,
    metadata: { user_metadata?: Record<string, unknown>; app_metadata?: Record<string, unknown> },
  ): LoginUser;
  /** Records a successful login (`logins_count`, `last_login`, `last_ip`). */
  recordLogin(userId: string, ip: string): LoginUser;
}
