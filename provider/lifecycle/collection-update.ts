/** `read` and `update` of a collection resource. */
import { NotFoundError, unlessGone } from "../client/errors";
import { withAdoptId, type CollectionKit } from "./collection-kit";
import { readFromList, unchangedSinceListed } from "./list-read";
import { kindSpec } from "../../api";
import { markUnreadSecrets } from "./secret-changes";
import { payloadOf, withoutProvider, type JsonObject } from "./shared";
import type { ProviderContext } from "./types";

/**
 * `read` of a collection resource (refresh, import): from this run's list snapshot when it
 * holds the object, else one GET; nothing when the object was deleted out of band. Without
 * state (an import) the outputs say that the write-only secrets were not read, and a refresh
 * keeps saying so until a write.
 */
export async function readObject<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  ctx: ProviderContext,
  id: string,
  props?: JsonObject,
): Promise<{ id?: string; props?: JsonObject; inputs?: JsonObject }> {
  const object =
    (await readFromList(ctx.lists?.(), kit.spec, id, props)) ??
    (await unlessGone(kit.getObject(ctx.client(), id, "read")));
  // Deleted out of band: no id tells the engine to drop it; the next `up` re-creates it.
  if (!object) return {};
  const outputs = withAdoptId(kit.spec.outputs(object as unknown as JsonObject, props), props?.adoptId);
  return {
    id,
    props: markUnreadSecrets(outputs, props, kindSpec(kit.spec.kind)?.secretsAre),
    inputs: withAdoptId(kit.spec.inputsFromOutputs(outputs), props?.adoptId),
  };
}

/**
 * `update` of a collection resource: one PATCH of what differs (refused when the object
 * changed since this run listed it), then the kind's step after a write; that step alone when
 * only it differs.
 */
export async function updateObject<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  ctx: ProviderContext,
  id: string,
  olds: JsonObject,
  news: JsonObject,
): Promise<{ outs: JsonObject }> {
  const inputs = withoutProvider(news);
  const body = payloadOf(kit.spec.fields, inputs);
  const { desired, current } = kit.comparable(olds, inputs);
  const patch = kit.spec.patch(desired, current, body);
  if (Object.keys(patch).length === 0 && kit.spec.afterWrite) {
    // Only the step after the write differs (an action's draft to deploy): run it alone.
    const client = ctx.client();
    const after = await kit.spec.afterWrite(client, await kit.getObject(client, id, "update"), inputs, "update");
    return { outs: withAdoptId(kit.spec.outputs(after as unknown as JsonObject, inputs), inputs.adoptId) };
  }
  if (Object.keys(patch).length === 0) {
    return { outs: withAdoptId(kit.spec.outputs(withoutProvider(olds), inputs), inputs.adoptId) };
  }
  try {
    await unchangedSinceListed(
      ctx.lists?.(),
      { kind: kit.spec.kind, ...kit.facts },
      ctx.client(),
      id,
      olds,
      kit.target("update", id),
    );
    ctx.lists?.()?.wrote(kit.spec.kind, id);
    const { data: patched } = await ctx.client().request<T>({
      method: "PATCH",
      path: kit.objectPath(id),
      body: patch,
      target: kit.target("update", id),
      secrets: kit.secretsOf(body),
    });
    const data = kit.spec.afterWrite ? await kit.spec.afterWrite(ctx.client(), patched, inputs, "update") : patched;
    return { outs: withAdoptId(kit.spec.outputs(data as unknown as JsonObject, inputs), inputs.adoptId) };
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError(
        kit.target("update", id),
        `the ${kit.facts.label} no longer exists (deleted outside Pulumi)`,
        "Run `pulumi refresh` and then `pulumi up` to create it again",
        { status: 404 },
      );
    }
    throw error;
  }
}
