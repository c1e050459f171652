/**
 * Where the protocol library keeps what it makes (authorization codes, interactions,
 * sessions, grants, refresh tokens): in memory, expiring with each artefact's lifetime.
 * Everything here lives minutes or hours and is worth nothing after a restart but a new
 * login, while writing each code to the store would cost a synchronous disk flush per
 * request. Applications are not kept here: the library asks for a client and gets the
 * tenant's application ({@link clientMetadataOf}). A restart therefore ends sessions and
 * refresh tokens, as a key rotation would; the signing key itself persists (keys.ts).
 */
import type { LoginAccounts, LoginApplication } from "./accounts-contract";

/** What the library stores of one artefact. */
export type ArtefactPayload = Record<string, unknown> & { uid?: string; userCode?: string; consumed?: number };

/** At most this many artefacts of one model are kept: a flood of `/authorize` requests cannot grow memory without bound. */
export const MAX_ARTEFACTS_PER_MODEL = 50_000;

/** The grants the library may use for a client (client_credentials stays with the management API's endpoint). */
const LOGIN_GRANT_TYPES = new Set(["authorization_code", "refresh_token"]);

/** The library's client metadata for a tenant application. */
export function clientMetadataOf(application: LoginApplication): Record<string, unknown> {
  const grantTypes = application.grant_types.filter((grant) => LOGIN_GRANT_TYPES.has(grant));
  const canLogIn = grantTypes.includes("authorization_code") && application.callbacks.length > 0;
  return {
    client_id: application.client_id,
    client_name: application.name,
    ...(application.client_secret && application.token_endpoint_auth_method !== "none"
      ? { client_secret: application.client_secret }
      : {}),
    token_endpoint_auth_method: application.token_endpoint_auth_method,
    application_type: application.app_type === "native" ? "native" : "web",
    redirect_uris: canLogIn ? [...application.callbacks] : [],
    post_logout_redirect_uris: [...application.allowed_logout_urls],
    grant_types: canLogIn ? grantTypes : [],
    response_types: canLogIn ? ["code"] : [],
  };
}

interface Entry {
  payload: ArtefactPayload;
  expiresAt: number;
}

/** One model's artefacts (the library makes one adapter per model name). */
export class MemoryAdapter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly model: string,
    private readonly accounts: LoginAccounts,
  ) {}

  /** Keeps an artefact for `expiresIn` seconds. */
  async upsert(id: string, payload: ArtefactPayload, expiresIn: number): Promise<void> {
    this.entries.delete(id);
    if (this.entries.size >= MAX_ARTEFACTS_PER_MODEL) this.evict();
    this.entries.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  /** The artefact `id` (for the `Client` model: the tenant's application), or undefined. */
  async find(id: string): Promise<ArtefactPayload | undefined> {
    if (this.model === "Client") {
      const application = this.accounts.application(id);
      return application ? clientMetadataOf(application) : undefined;
    }
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string): Promise<ArtefactPayload | undefined> {
    for (const [id, entry] of this.entries) if (entry.payload.uid === uid) return this.find(id);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<ArtefactPayload | undefined> {
    for (const [id, entry] of this.entries) if (entry.payload.userCode === userCode) return this.find(id);
    return undefined;
  }

  /** Marks a code used: the library refuses it the second time (and revokes what it gave). */
  async consume(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.entries.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(id);
  }

  /** Drops the expired artefacts, else the oldest one. */
  private evict(): void {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
    if (this.entries.size >= MAX_ARTEFACTS_PER_MODEL) this.entries.delete(this.entries.keys().next().value!);
  }
}
