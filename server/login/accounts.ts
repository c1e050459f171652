/**
 * The tenant's records as the hosted login sees them ({@link LoginAccounts}), over the stores
 * the management routes keep (server/accounts/): applications and the server's own clients,
 * the database connection, its users. Passwords are checked against their slow hash in
 * constant time; a blocked user is refused only once the password is right, so that a
 * refusal does not tell whether an account exists.
 */
import type { Application } from "../../api";
import { accountsOf } from "../accounts";
import { AccountError, type StoredUser } from "../accounts/users";
import type { RegisteredClient } from "../auth/clients";
import type { TenantContext } from "../context";
import type { AccountRefusal, LoginAccounts, LoginApplication, LoginUser } from "./accounts-contract";

/** What the service tells a person whose e-mail or password is wrong. */
export const WRONG_CREDENTIALS = "Wrong email or password.";

/** What the service tells a blocked user. */
export const USER_BLOCKED = "user is blocked";

/** What a person is told when the application may not sign users up with the connection. */
const SIGNUP_DISABLED = "Public signup is disabled for this connection.";

/** An e-mail address as signup takes it (the API's rule). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

/** An application made through the API, as the login needs it. */
function fromApplication(application: Application): LoginApplication {
  const isPublic = application.token_endpoint_auth_method === "none";
  return {
    client_id: application.client_id,
    name: application.name,
    app_type: application.app_type ?? "regular_web",
    callbacks: application.callbacks,
    allowed_logout_urls: application.allowed_logout_urls,
    web_origins: application.web_origins,
    grant_types: application.grant_types,
    token_endpoint_auth_method: application.token_endpoint_auth_method,
    ...(isPublic || application.client_secret === undefined ? {} : { client_secret: application.client_secret }),
  };
}

/**
 * One of the server's own machine-to-machine clients: no callbacks, so it can log no one in;
 * only a digest of its secret is kept, so none is given.
 */
function fromRegistered(client: RegisteredClient): LoginApplication {
  return {
    client_id: client.client_id,
    name: client.admin ? "Tenant admin (local tenant server)" : client.client_id,
    app_type: "non_interactive",
    callbacks: [],
    allowed_logout_urls: [],
    web_origins: [],
    grant_types: ["client_credentials"],
    token_endpoint_auth_method: "client_secret_post",
  };
}

/** A stored user as the login sees it (never the password's hash). */
function loginUser(user: StoredUser): LoginUser {
  return {
    user_id: user.user_id,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name,
    nickname: user.nickname,
    picture: user.picture,
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...(user.last_login !== undefined ? { last_login: user.last_login } : {}),
    logins_count: user.logins_count,
    blocked: user.blocked ?? false,
    user_metadata: user.user_metadata ?? {},
    app_metadata: user.app_metadata ?? {},
    identities: user.identities,
  };
}

/** The hosted login's view of a tenant's records. */
export function createLoginAccounts(context: TenantContext): LoginAccounts {
  const { applications, connections, users } = accountsOf(context.store);
  const refusal = (code: AccountRefusal["code"], description: string) => ({ code, description }) as AccountRefusal;
  const databaseConnection = (name: string) => {
    const connection = connections.byName(name);
    return connection?.strategy === "auth0" ? connection : undefined;
  };
  const stored = (userId: string): StoredUser => {
    const user = users.get(userId);
    if (!user) throw new Error(`No user has the id ${userId}`);
    return user;
  };

  return {
    application(clientId) {
      const application = applications.get(clientId);
      if (application) return fromApplication(application);
      const registered = context.clients.get(clientId);
      return registered ? fromRegistered(registered) : undefined;
    },

    databaseConnection(clientId) {
      const connection = connections.list().find((each) => each.strategy === "auth0");
      if (!connection?.enabled_clients.includes(clientId)) return undefined;
      return { id: connection.id, name: connection.name, strategy: "auth0" };
    },

    async authenticate(connection, email, password) {
      const user = databaseConnection(connection) ? users.inConnection(connection, email) : undefined;
      // The hash is worked through whether or not the user exists: the time tells nothing.
      const matches = await users.passwordMatches(user, password);
      if (!user || !matches) return refusal("wrong_credentials", WRONG_CREDENTIALS);
      if (user.blocked) return refusal("user_blocked", USER_BLOCKED);
      return loginUser(user);
    },

    async signUp(connectionName, email, password) {
      const connection = databaseConnection(connectionName);
      if (!connection) return refusal("invalid_signup", `The connection ${connectionName} does not exist.`);
      if (connection.options.disable_signup) return refusal("invalid_signup", SIGNUP_DISABLED);
      if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
        return refusal("invalid_signup", "The email address is not valid.");
      try {
        return loginUser(await users.create(connection, { connection: connectionName, email, password }));
      } catch (error) {
        if (error instanceof AccountError) return refusal(error.refusal, error.detail);
        throw error;
      }
    },

    user(userId) {
      const user = users.get(userId);
      return user ? loginUser(user) : undefined;
    },

    mergeMetadata(userId, metadata) {
      const updated = users.mergeMetadata(userId, metadata);
      return loginUser(updated ?? stored(userId));
    },

    recordLogin(userId, ip) {
      const updated = users.recordLogin(userId, ip);
      return loginUser(updated ?? stored(userId));
    },
  };
}
