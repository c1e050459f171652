/** The create of a collection resource, and the look-back that finds what a create made. */
import { withoutSecrets } from "../../api";
import { PartialCreateError, unlessGone } from "../client/errors";
import type { TenantClient } from "../client/http";
import { adoptObject } from "./collection-adopt";
import { withAdoptId, type CollectionKit } from "./collection-kit";
import { createOnce, isGone } from "./create-once";
import { contentHash } from "./journal";
import { payloadOf, withoutProvider, type JsonObject } from "./shared";
import type { ProviderContext } from "./types";

/**
 * The object a create with body `body` made at or after `sinceMs` that no resource holds yet
 * (`isClaimed`), newest first: how a create whose answer was lost finds what it made.
 */
export async function findCreated<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  client: TenantClient,
  body: JsonObject,
  sinceMs: number,
  isClaimed: (id: string) => boolean,
) {
  const candidates = (await kit.spec.list(client, kit.target("create")))
    .filter((object) => !isClaimed(object.id) && Date.parse(object.created_at ?? "") >= sinceMs)
    // Names are not unique, but a different name rules a candidate out without a GET.
    .filter((object) => typeof body.name !== "string" || (object as unknown as JsonObject).name === body.name)
    .sort((a, b) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? ""));
  for (const candidate of candidates) {
    // A list may abridge objects: compare the full one.
    const full = kit.spec.listIsComplete
      ? candidate
      : await kit.getObject(client, candidate.id, "create").catch(() => undefined);
    if (full && kit.sameContent(full, body)) return full;
  }
  return undefined;
}

/**
 * `create` of a collection resource: an adoption when `adoptId` names an object, else one
 * POST made at most once (create-once.ts), then the kind's step after a write.
 */
export async function createObject<T extends { id: string; created_at?: string }>(
  kit: CollectionKit<T>,
  ctx: ProviderContext,
  inputs: JsonObject,
): Promise<{ id: string; outs: JsonObject }> {
  const news = withoutProvider(inputs);
  const body = payloadOf(kit.spec.fields, news);
  const client = ctx.client();
  const adoptId = typeof news.adoptId === "string" ? news.adoptId : undefined;
  // An adopted object this run's refresh found deleted out of band: like any managed object, it is created again.
  if (adoptId && !isGone(adoptId)) {
    ctx.lists?.()?.wrote(kit.spec.kind, adoptId);
    const adopted = await adoptObject(kit, client, adoptId, body);
    return { id: adopted.id, outs: withAdoptId(kit.spec.outputs(adopted as unknown as JsonObject, news), adoptId) };
  }
  const journal = ctx.journal?.();
  const secretFree = withoutSecrets(body, kit.facts.secretPaths);
  const created = await createOnce<T>(
    {
      contentKey: `${kit.facts.label}:${JSON.stringify(kit.spec.normalise(body))}`,
      post: async () =>
        (
          await client.request<T>({
            method: "POST",
            path: kit.facts.path,
            body,
            target: kit.target("create", undefined, body.name),
            secrets: kit.secretsOf(body),
          })
        ).data,
      find: (since, isClaimed) => findCreated(kit, client, body, since, isClaimed),
      // The journal is a plain file: its key is hashed from the content without write-only secrets.
      journal: journal && {
        store: journal,
        kind: kit.spec.kind,
        contentKey: contentHash(kit.spec.normalise(secretFree)),
      },
      getSame: async (id) => {
        const object = await unlessGone(kit.getObject(client, id, "create"));
        if (!object) return undefined;
        return kit.sameContent(object, body) ? object : "other";
      },
    },
    { lingerMs: Math.max(2 * client.timeoutMs, 10_000) },
  );
  ctx.lists?.()?.wrote(kit.spec.kind, created.id);
  if (!kit.spec.afterWrite) return { id: created.id, outs: kit.spec.outputs(created as unknown as JsonObject, news) };
  try {
    const after = await kit.spec.afterWrite(client, created, news);
    return { id: created.id, outs: kit.spec.outputs(after as unknown as JsonObject, news) };
  } catch (error) {
    // The object exists: recorded with what it is, so the next `up` finishes the step.
    throw new PartialCreateError(created.id, kit.spec.outputs(created as unknown as JsonObject, news), error as Error);
  }
}
