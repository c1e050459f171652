/**
 * `/api/v2/flows` and `/api/v2/flows/vault/connections`: the generic collection routes of
 * their table entries (collection.ts: offset paging, summaries in the list, PATCH with
 * `null` clearing a key), with their own rules.
 *
 * A flow: the actions nested in a BOOLEAN_CONDITION are checked as actions too, and
 * `hydrate` takes the published values (`form_count` on the list; `form_count` and `forms`
 * on a GET: accepted, nothing is added, as this tenant keeps no link from flows to forms).
 *
 * A vault connection: `ready` says whether it has credentials (`setup`), `fingerprint`
 * which ones: a new random value whenever a `setup` is written, so it changes with the
 * credentials and reveals nothing of them; `refreshed_at` is when they were set. A new
 * `setup`, on create or update, must be one the connection's app (fixed at creation) takes.
 */
import { randomBytes } from "node:crypto";
import { connectionSetupIssue, nestedFlowActionIssue, setupIssueForApp } from "../../api";
import type { CollectionRules, StoredObject } from "./collection";

/** The flows' rules on top of the generic collection routes. */
export const FLOW_RULES: CollectionRules = {
  check: nestedFlowActionIssue,
  hydrate: { list: ["form_count"], get: ["form_count", "forms"] },
};

/** A fingerprint of newly set credentials: random, so it says nothing about them. */
const newFingerprint = () => randomBytes(16).toString("hex");

/** The vault connections' rules on top of the generic collection routes. */
export const FLOW_VAULT_CONNECTION_RULES: CollectionRules = {
  // The setup against the connection's app: on create the body's `app_id`, on update the stored one.
  check: (body, existing) =>
    existing ? setupIssueForApp(String(existing.app_id), setupOf(body)) : connectionSetupIssue(body),
  stored(connection: StoredObject, change, existing): StoredObject {
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
    } as StoredObject;
  },
};

/** The `setup` of a body, when it has one (undefined otherwise: the schema judges the rest). */
function setupOf(body: unknown): unknown {
  const setup = typeof body === "object" && body !== null ? (body as { setup?: unknown }).setup : undefined;
  return setup === null ? undefined : setup;
}
