/**
 * Adoption of an existing object by a collection resource (`adoptId`): what `up` does, and
 * what the preview says it will do.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { ConflictError, NotFoundError, PartialCreateError, unlessGone } from "../client/errors";
import type { TenantClient } from "../client/http";
import { warn } from "../diagnostics";
import type { CollectionKit } from "./collection-kit";
import { claim, isClaimed, isGone } from "./create-once";
import { containsUnknown, type JsonObject } from "./shared";
import type { ProviderContext } from "./types";

/**
 * Takes existing object `id` over for a resource whose create body is `body` (`adoptId`):
 * refused when it is gone or another resource of this stack holds it; patched to `body` where
 * it differs (an adoption that changes nothing writes nothing).
 */
export async function adoptObject<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  client: TenantClient,
  id: string,
  body: JsonObject,
): Promise<T> {
  let current: T;
  try {
    current = await kit.getObject(client, id, "adopt");
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError(
        kit.target("adopt", id),
        `there is no ${kit.facts.label} with the id given in adoptId`,
        `Correct adoptId or remove it to create a new ${kit.facts.label}`,
      );
    }
    throw error;
  }
  if (isClaimed(id)) {
    throw new ConflictError(
      kit.target("adopt", id),
      `another resource of this stack already manages ${kit.facts.label} ${id}`,
      "Remove adoptId here, or remove the other resource from the program",
    );
  }
  claim(id);
  // The API cannot tell whether a write-only secret matches: the content decides, and an
  // adoption that changes nothing else writes nothing (see the README on adoption).
  const currentOutputs = kit.spec.outputs(current as unknown as JsonObject, body);
  const { desired, current: currentComparable } = kit.comparable(currentOutputs, body);
  const patch = kit.spec.patch(desired, currentComparable, body);
  if (Object.keys(patch).length === 0) return current;
  try {
    return (
      await client.request<T>({
        method: "PATCH",
        path: kit.objectPath(id),
        body: patch,
        target: kit.target("adopt", id),
        secrets: kit.secretsOf(body),
      })
    ).data;
  } catch (error) {
    // The object exists and is ours now: record it so the next `up` finishes the update.
    throw new PartialCreateError(id, currentOutputs, error as Error);
  }
}

/**
 * At preview, says what an adoption will do (a warning naming the object and the fields
 * `up` will change), and refuses one that cannot work: no such object, or one that
 * another resource of this stack already manages.
 */
export async function previewAdoption<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  ctx: ProviderContext,
  id: string,
  body: JsonObject,
): Promise<CheckFailure[]> {
  if (isGone(id)) {
    await warn(
      `adoptId: the ${kit.facts.label} ${id} that this resource adopted was deleted outside Pulumi; ` +
        `the update creates a new ${kit.facts.label} in its place (adoptId can then be removed from the code).`,
    );
    return [];
  }
  if (isClaimed(id)) {
    return [
      {
        property: "adoptId",
        reason:
          `${kit.facts.label} ${id} is already managed by another resource of this stack; ` +
          "remove adoptId here, or remove the other resource from the program",
      },
    ];
  }
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return []; // Not configured: the configuration error is reported once, elsewhere.
  }
  let object: T | undefined;
  try {
    object = await unlessGone(kit.getObject(client, id, "adopt"));
  } catch {
    return []; // Unreachable or refused now: create reports it, with its own words.
  }
  if (!object) {
    return [
      {
        property: "adoptId",
        reason:
          `there is no ${kit.facts.label} ${id} in the tenant ${client.settings.domain}; ` +
          `correct adoptId or remove it to create a new ${kit.facts.label}`,
      },
    ];
  }
  const { desired, current } = kit.comparable(kit.spec.outputs(object as unknown as JsonObject, body), body);
  const changed = Object.keys(kit.spec.patch(desired, current, body));
  const named =
    typeof (object as unknown as JsonObject).name === "string"
      ? ` ("${String((object as unknown as JsonObject).name)}")`
      : "";
  const unknown = containsUnknown(body) ? " (some values are known only at apply)" : "";
  await warn(
    changed.length === 0
      ? `adoptId: \`pulumi up\` adopts the existing ${kit.facts.label} ${id}${named} as it is: no change to it.`
      : `adoptId: \`pulumi up\` adopts the existing ${kit.facts.label} ${id}${named} and changes ${changed.join(", ")}${unknown}.`,
  );
  return [];
}
