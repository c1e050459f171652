/**
 * What an update or a replacement leaves in the tenant, where the engine's values do not say
 * it. The engine's `after` is the program's inputs: a field the program leaves out is absent
 * there, though the update writes the kind's default back (an event stream disabled by hand is
 * enabled again) or leaves the tenant's value as it is (a field the update does not send). The
 * comment and the drift report show that, not an absent value.
 */
import { kindSpec } from "../../../api";
import { collectionKit } from "../../lifecycle/collection-kit";
import { payloadOf } from "../../lifecycle/shared";
import { tableCollectionSpec } from "../../lifecycle/table-kind";

/**
 * `after` (the program's values, in the API's names) with each top-level field of `before` that
 * the program leaves out filled in as the write leaves it, by the kind's own comparison policy
 * (the one the provider's update runs): the canonical value it writes (a server default, as
 * `status: enabled`), else, for an update that does not send the field, `before`'s value (the
 * tenant keeps it). A field the update clears, or a replacement's new object lacks, stays
 * absent. Only collections' updates leave fields out this way; other values are returned as
 * they are.
 */
export function asWritten(
  kind: string,
  action: "update" | "replace",
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const missing = Object.keys(before).filter((field) => after[field] === undefined);
  if (missing.length === 0 || kindSpec(kind)?.shape !== "collection") return after;
  const spec = tableCollectionSpec(kind);
  const { desired, current } = collectionKit(spec).comparable(before, after);
  const sent = spec.patch(desired, current, payloadOf(spec.fields, after));
  const filled = { ...after };
  for (const field of missing) {
    if (desired[field] !== undefined) filled[field] = desired[field];
    else if (action === "update" && !(field in sent)) filled[field] = before[field];
  }
  return filled;
}
