/**
 * The users of the tenant's database connection, kept in the `users` collection: ids as the
 * service makes them (`auth0|` and 24 hex digits), e-mails unique within the connection
 * (compared in lower case), passwords as a slow hash only ({@link hashPassword}), checked
 * against the connection's policy. The routes and the hosted login share these rules.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  ERROR_CODES,
  PASSWORD_TOO_WEAK_MESSAGE,
  USER_CONFLICT_CODE,
  USER_EXISTS_MESSAGE,
  type Connection,
  type User,
  type UserCreate,
  type UserUpdate,
} from "../../api";
import { HttpError } from "../http-error";
import type { Collection, Store } from "../store";
import { failedRules, checkPassword } from "./password-policy";
import { hashPassword, verifyPassword, type ScryptCost } from "./passwords";

/** A user as stored: the answer's fields, the connection's name, the password's hash. */
export interface StoredUser extends User {
  connection: string;
  password_hash: string;
}

/** Why an account operation was refused: the API's status and message, and the login's refusal code. */
export class AccountError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    errorCode: string,
    readonly refusal: "invalid_password" | "user_exists" | "invalid_signup",
    /** What a person is told, when it says more than the message (the password rules not met). */
    readonly detail: string = message,
  ) {
    super(statusCode, message, errorCode);
    this.name = "AccountError";
  }
}

/** Metadata with `patch` merged at the top level: a null removes a key, an empty object empties it. */
export function mergedMetadata(
  existing: Record<string, unknown> | undefined,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (patch === undefined) return { ...existing };
  if (Object.keys(patch).length === 0) return {};
  // A Map, then fromEntries: a `__proto__` key stays a key (an assignment would set the prototype).
  const merged = new Map(Object.entries(existing ?? {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/** The avatar the service gives a user without a picture: a Gravatar falling back to the e-mail's initials. */
function defaultPicture(email: string): string {
  const digest = createHash("md5").update(email).digest("hex");
  const initials = email.replace(/[^a-z]/g, "").slice(0, 2) || "un";
  return `https://s.gravatar.com/avatar/${digest}?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2F${initials}.png`;
}

/** The user as answered: never the password's hash; metadata and `blocked` only when set. */
export function answeredUser(stored: StoredUser): User {
  const { password_hash: _hash, connection: _connection, user_metadata, app_metadata, ...user } = stored;
  return {
    ...user,
    ...(user_metadata && Object.keys(user_metadata).length > 0 ? { user_metadata } : {}),
    ...(app_metadata && Object.keys(app_metadata).length > 0 ? { app_metadata } : {}),
  };
}

/** Refuses `password` when the connection's policy does not pass it. */
function requireStrongPassword(password: string, connection: Connection): void {
  const verdict = checkPassword(password, connection.options);
  if (!verdict.ok)
    throw new AccountError(
      400,
      PASSWORD_TOO_WEAK_MESSAGE,
      ERROR_CODES.invalidBody,
      "invalid_password",
      failedRules(verdict),
    );
}

/** The users of a tenant's store. */
export class UserStore {
  private readonly users: Collection<StoredUser>;

  constructor(
    private readonly store: Store,
    private readonly cost?: ScryptCost,
  ) {
    this.users = store.collection<StoredUser>("users");
  }

  /** The user with this id, if any. */
  get(userId: string): StoredUser | undefined {
    return this.users.get(userId);
  }

  /** The users with this e-mail (any case), in every connection. */
  byEmail(email: string): StoredUser[] {
    return this.users.findWhere({ email: email.toLowerCase() });
  }

  /** The user of `connection` with this e-mail, if any. */
  inConnection(connection: string, email: string): StoredUser | undefined {
    return this.users.findWhere({ email: email.toLowerCase(), connection })[0];
  }

  /** How many users there are. */
  count(): number {
    return this.users.count();
  }

  /** A page of users, in the order they were made. */
  page(offset: number, limit: number): StoredUser[] {
    return this.users.pageOffset(offset, limit);
  }

  /** Makes a user of `connection` (its policy applied to the password); 409 when the e-mail is taken there. */
  async create(connection: Connection, body: UserCreate): Promise<StoredUser> {
    requireStrongPassword(body.password, connection);
    const email = body.email.toLowerCase();
    // Checked before the slow hash too (and again when writing): a taken e-mail costs no hashing.
    const taken = () => {
      if (this.inConnection(connection.name, email))
        throw new AccountError(409, USER_EXISTS_MESSAGE, USER_CONFLICT_CODE, "user_exists");
    };
    taken();
    const password_hash = await hashPassword(body.password, this.cost);
    const id = randomBytes(12).toString("hex");
    const now = new Date().toISOString();
    const user: StoredUser = {
      user_id: `auth0|${id}`,
      email,
      email_verified: body.email_verified ?? false,
      name: body.name ?? email,
      nickname: body.nickname ?? email.split("@")[0],
      ...(body.given_name !== undefined ? { given_name: body.given_name } : {}),
      ...(body.family_name !== undefined ? { family_name: body.family_name } : {}),
      picture: body.picture ?? defaultPicture(email),
      identities: [{ connection: connection.name, provider: "auth0", user_id: id, isSocial: false }],
      created_at: now,
      updated_at: now,
      logins_count: 0,
      ...(body.blocked !== undefined ? { blocked: body.blocked } : {}),
      user_metadata: mergedMetadata({}, body.user_metadata),
      app_metadata: mergedMetadata({}, body.app_metadata),
      connection: connection.name,
      password_hash,
    };
    return this.store.transaction(() => {
      taken();
      this.users.insert(user.user_id, user);
      return user;
    });
  }

  /**
   * Applies a `PATCH /users/{id}` body to `existing`: profile fields replaced, metadata
   * merged, a new password checked against `connection`'s policy and hashed, a new e-mail
   * unverified unless the body says otherwise; 409 when the new e-mail is taken.
   */
  async update(existing: StoredUser, connection: Connection, patch: UserUpdate): Promise<StoredUser> {
    const { password, user_metadata, app_metadata, verify_email: _verify, connection: _connection, ...fields } = patch;
    if (password !== undefined) requireStrongPassword(password, connection);
    const password_hash = password !== undefined ? await hashPassword(password, this.cost) : undefined;
    return this.store.transaction(() => {
      const current = this.get(existing.user_id);
      if (!current) throw new HttpError(404, "The user does not exist.", "inexistent_user");
      const email = fields.email?.toLowerCase();
      const emailChanged = email !== undefined && email !== current.email;
      if (emailChanged && this.inConnection(current.connection, email))
        throw new AccountError(409, "The specified new email already exists", USER_CONFLICT_CODE, "user_exists");
      const updated: StoredUser = {
        ...current,
        ...fields,
        ...(email !== undefined ? { email } : {}),
        ...(emailChanged && fields.email_verified === undefined ? { email_verified: false } : {}),
        user_metadata: mergedMetadata(current.user_metadata, user_metadata),
        app_metadata: mergedMetadata(current.app_metadata, app_metadata),
        ...(password_hash !== undefined ? { password_hash } : {}),
        updated_at: new Date().toISOString(),
      };
      this.users.replace(updated.user_id, updated);
      return updated;
    });
  }

  /** Merges metadata into a user (as the actions' `api.user.set*Metadata` do); undefined when there is no such user. */
  mergeMetadata(
    userId: string,
    metadata: { user_metadata?: Record<string, unknown>; app_metadata?: Record<string, unknown> },
  ): StoredUser | undefined {
    return this.store.transaction(() => {
      const current = this.get(userId);
      if (!current) return undefined;
      const keep = (patch: Record<string, unknown> | undefined) =>
        // An action's empty object changes nothing (only the API's `{}` empties the metadata).
        patch && Object.keys(patch).length === 0 ? undefined : patch;
      const updated: StoredUser = {
        ...current,
        user_metadata: mergedMetadata(current.user_metadata, keep(metadata.user_metadata)),
        app_metadata: mergedMetadata(current.app_metadata, keep(metadata.app_metadata)),
        updated_at: new Date().toISOString(),
      };
      this.users.replace(userId, updated);
      return updated;
    });
  }

  /** Counts a successful login; undefined when there is no such user. */
  recordLogin(userId: string, ip: string): StoredUser | undefined {
    return this.store.transaction(() => {
      const current = this.get(userId);
      if (!current) return undefined;
      const now = new Date().toISOString();
      const updated = { ...current, logins_count: current.logins_count + 1, last_login: now, last_ip: ip };
      this.users.replace(userId, updated);
      return updated;
    });
  }

  /** Checks a password against the user's hash (the same work when there is no user). */
  passwordMatches(user: StoredUser | undefined, password: string): Promise<boolean> {
    return verifyPassword(password, user?.password_hash);
  }

  /** Deletes a user; false when there was none. */
  delete(userId: string): boolean {
    return this.users.delete(userId);
  }
}
