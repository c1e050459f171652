/**
 * Machine-to-machine clients that may ask for tokens. Only a SHA-256 of each secret is
 * kept; the admin client lives in the store (so it survives restarts), extra clients
 * are given at start-up and held in memory.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { allScopes } from "../../api";
import type { Collection, Store } from "../store";

/** A client as given to the server (options, `--clients` file, `addClient`). */
export interface ClientSpec {
  client_id: string;
  client_secret: string;
  scopes: string[];
  global: boolean;
}

/** A client as the server keeps it. */
export interface RegisteredClient {
  client_id: string;
  /** Hex SHA-256 of the secret. */
  secret_sha256: string;
  scopes: string[];
  /** Global clients may call the rate limit policy operations. */
  global: boolean;
  /** The admin client (every scope, global, may use the `/__admin` routes). */
  admin?: boolean;
}

const ADMIN_RECORD_ID = "admin";

const sha256 = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random client id: 32 letters and digits, as the real service's are (base64url could
 * start with "-", which a command line then reads as an option: `pulumi config set
 * tenant:clientId -k…` failed).
 */
export function newClientId(): string {
  let id = "";
  while (id.length < 32) {
    // 248 = 4 × 62: bytes from 248 up are dropped, so that every character is as likely.
    for (const byte of randomBytes(40)) if (byte < 248 && id.length < 32) id += ALPHANUMERIC[byte % 62];
  }
  return id;
}

/** A random client secret (URL-safe, 64 characters). */
export function newClientSecret(): string {
  return randomBytes(48).toString("base64url");
}

/** Checks a secret against a stored digest in constant time. */
export function secretMatches(secret: string, expectedSha256Hex: string): boolean {
  const expected = Buffer.from(expectedSha256Hex, "hex");
  const actual = sha256(secret);
  // Both sides are 32-byte digests, so timingSafeEqual never throws and the time does
  // not depend on the secret's length or content.
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/** The admin client and its secret in clear, for credentials.json. */
export interface AdminClient {
  client: RegisteredClient;
  secret: string;
}

/** The clients the token endpoint knows. */
export class ClientRegistry {
  private readonly extra = new Map<string, RegisteredClient>();
  private readonly persisted: Collection<RegisteredClient>;
  private admin?: RegisteredClient;

  constructor(store: Store) {
    this.persisted = store.collection<RegisteredClient>("clients");
  }

  /**
   * Loads the admin client, creating it on first start. `knownSecret` is the secret from
   * an earlier credentials.json: kept when it still matches, otherwise (file lost or
   * edited) a new secret is issued so the operator is never locked out.
   */
  loadAdmin(knownSecret?: string): AdminClient {
    const stored = this.persisted.get(ADMIN_RECORD_ID);
    if (stored && knownSecret && secretMatches(knownSecret, stored.secret_sha256)) {
      this.admin = { ...stored, scopes: allScopes() };
      return { client: this.admin, secret: knownSecret };
    }
    const secret = newClientSecret();
    const client: RegisteredClient = {
      client_id: stored?.client_id ?? newClientId(),
      secret_sha256: sha256(secret).toString("hex"),
      scopes: allScopes(),
      global: true,
      admin: true,
    };
    this.persisted.upsert(ADMIN_RECORD_ID, client);
    this.admin = client;
    return { client, secret };
  }

  /** Adds or replaces a client (kept in memory). */
  add(spec: ClientSpec): void {
    if (!spec.client_id || !spec.client_secret) throw new Error("A client needs client_id and client_secret");
    if (this.admin && spec.client_id === this.admin.client_id) throw new Error("The admin client cannot be replaced");
    this.extra.set(spec.client_id, {
      client_id: spec.client_id,
      secret_sha256: sha256(spec.client_secret).toString("hex"),
      scopes: [...spec.scopes],
      global: spec.global,
    });
  }

  /** The client with this id, if any. */
  get(clientId: string): RegisteredClient | undefined {
    if (this.admin && this.admin.client_id === clientId) return this.admin;
    return this.extra.get(clientId);
  }

  /** Every client: the admin client first, then the others in the order they were added. */
  list(): RegisteredClient[] {
    return [...(this.admin ? [this.admin] : []), ...this.extra.values()];
  }

  /** The client when the id and secret match; undefined otherwise (same work either way). */
  authenticate(clientId: string, secret: string): RegisteredClient | undefined {
    const client = this.get(clientId);
    // Compare against a dummy digest for unknown ids so timing does not reveal which ids exist.
    const ok = secretMatches(secret, client?.secret_sha256 ?? "0".repeat(64));
    return client && ok ? client : undefined;
  }
}
