/**
 * The lifecycle every "collection" resource shares: objects the server gives ids to
 * (forms, event streams, rate limit policies, actions…), under `<path>/{id}`, created by POST,
 * changed by PATCH, removed by DELETE. A resource declares its policy as a
 * {@link CollectionSpec}; its words, path, id and create schemas and secret paths are its
 * table entry's (api/kinds/index.ts). Each step is a named function of the resource's kit:
 * check and diff (collection-check.ts), create and the look-back after a lost answer
 * (collection-create.ts), adoption (collection-adopt.ts), read and update
 * (collection-update.ts); this file composes them.
 */
import { unlessGone } from "../client/errors";
import { previewAdoption } from "./collection-adopt";
import { checkCollection, diffCollection } from "./collection-check";
import { createObject, findCreated } from "./collection-create";
import { collectionKit, type CollectionSpec } from "./collection-kit";
import { readObject, updateObject } from "./collection-update";
import { prepareValidator, payloadOf, withoutProvider } from "./shared";
import type { ResourceImplementation } from "./types";

export { payloadOf } from "./shared";
export { checkCollectionInputs, CONTROL_INPUTS } from "./collection-check";
export type { CollectionSpec } from "./collection-kit";
export { previewAdoption };

/** Builds the provider implementation of a collection resource from its spec. */
export function collectionResource<T extends { id: string; created_at?: string }>(
  spec: CollectionSpec<T>,
): ResourceImplementation {
  const kit = collectionKit(spec);
  return {
    prepare: () => prepareValidator(kit.facts.createSchema),
    check: (olds, news, ctx) => checkCollection(kit, olds, news, ctx),
    diff: (_id, olds, news) => diffCollection(kit, olds, news),
    create: (ctx, inputs) => createObject(kit, ctx, inputs),
    async findLeftover(ctx, inputs, isTaken) {
      const body = payloadOf(spec.fields, withoutProvider(inputs));
      return (await findCreated(kit, ctx.client(), body, Number.NEGATIVE_INFINITY, isTaken))?.id;
    },
    read: (ctx, id, props) => readObject(kit, ctx, id, props),
    update: (ctx, id, olds, news) => updateObject(kit, ctx, id, olds, news),
    async delete(ctx, id) {
      ctx.lists?.()?.wrote(spec.kind, id);
      await unlessGone(
        ctx.client().request({ method: "DELETE", path: kit.objectPath(id), target: kit.target("delete", id) }),
      );
    },
  };
}
