/**
 * The flow vault connection on the tenant server: `ready` says whether it has credentials,
 * `fingerprint` which ones (a new random value whenever a `setup` is written, so it changes
 * with the credentials and reveals nothing of them), `refreshed_at` when they were set.
 * Loaded by the tenant server only (api/kinds/tenant.ts), never by the provider.
 */
import { randomBytes } from "node:crypto";
import type { KindRules } from "../../table/kind-spec";

/** A fingerprint of newly set credentials: random, so it says nothing about them. */
const newFingerprint = () => randomBytes(16).toString("hex");

/** The vault connection's rules on the tenant server. */
export const flowVaultConnectionTenantRules: KindRules = {
  stored(connection, change, existing) {
    const setupWritten = change.setup !== undefined && change.setup !== null;
    const { id, name, app_id, setup, created_at, updated_at, ...rest } = connection;
    return {
      id,
      app_id,
      name,
      ...rest,
      ready: setup !== undefined,
      fingerprint: setupWritten || !existing ? newFingerprint() : String(existing.fingerprint),
      ...(setupWritten ? { refreshed_at: updated_at } : {}),
      ...(setup !== undefined ? { setup } : {}),
      created_at,
      updated_at,
    };
  },
};
