/**
 * The steps of a collection resource's lifecycle as named functions (provider/lifecycle/
 * collection-*.ts), driven with a recording client in place of the tenant: which requests each
 * step sends, and what it answers.
 */
import { NotFoundError, PartialCreateError, type ErrorTarget } from "../../../../provider/client/errors";
import type { ApiRequest, TenantClient } from "../../../../provider/client/http";
import { adoptObject } from "../../../../provider/lifecycle/collection-adopt";
import { diffCollection } from "../../../../provider/lifecycle/collection-check";
import { createObject } from "../../../../provider/lifecycle/collection-create";
import { collectionKit, type CollectionSpec } from "../../../../provider/lifecycle/collection-kit";
import { readObject, updateObject } from "../../../../provider/lifecycle/collection-update";
import type { JsonObject } from "../../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../../provider/lifecycle/types";

type Form = { id: string; name: string; created_at?: string; updated_at?: string } & JsonObject;

/** A tenant of forms in memory, recording every request as `METHOD path`. */
function recordingTenant(objects: Record<string, Form>) {
  const sent: string[] = [];
  const bodies: unknown[] = [];
  let next = 1;
  const missing = (target: ErrorTarget) => new NotFoundError(target, "no such object", "none", { status: 404 });
  const client = {
    settings: { domain: "tenant.example" },
    timeoutMs: 1000,
    async get(path: string, target: ErrorTarget) {
      sent.push(`GET ${path}`);
      const object = objects[path.split("/").pop()!];
      if (!object) throw missing(target);
      return { data: structuredClone(object), status: 200, headers: {} };
    },
    async request(req: ApiRequest) {
      sent.push(`${req.method} ${req.path}`);
      bodies.push(req.body);
      const id = req.path.split("/")[2];
      if (req.method === "POST") {
        const created = {
          id: `ap_${next++}`,
          ...(req.body as JsonObject),
          created_at: new Date().toISOString(),
        } as Form;
        objects[created.id] = created;
        return { data: created, status: 201, headers: {} };
      }
      if (!objects[id]) throw missing(req.target);
      if (req.method === "PATCH") Object.assign(objects[id], req.body);
      if (req.method === "DELETE") delete objects[id];
      return { data: structuredClone(objects[id]), status: 200, headers: {} };
    },
  } as unknown as TenantClient;
  const ctx: ProviderContext = { client: () => client };
  return { client, ctx, sent, bodies };
}

/** A spec of forms with a name and a color, the color fixed at creation. */
function formsSpec(extra: Partial<CollectionSpec<Form>> = {}): CollectionSpec<Form> {
  const pick = (value: JsonObject) =>
    Object.fromEntries(Object.entries(value).filter(([key]) => key === "name" || key === "color"));
  return {
    kind: "form",
    fields: ["name", "color"],
    list: async () => [],
    normalise: pick,
    patch: (desired, current) =>
      Object.fromEntries(Object.entries(desired).filter(([key, value]) => current[key] !== value)),
    outputs: (server) => ({ ...pick(server), created_at: server.created_at }),
    inputsFromOutputs: pick,
    replaces: (desired, current) => (desired.color !== current.color ? ["color"] : []),
    ...extra,
  };
}

describe("a collection resource's steps", () => {
  it("create sends one POST of the managed fields and answers the outputs", async () => {
    const tenant = recordingTenant({});
    const created = await createObject(collectionKit(formsSpec()), tenant.ctx, { name: "signup", color: "red" });
    expect(tenant.sent).toEqual(["POST /forms"]);
    expect(tenant.bodies).toEqual([{ name: "signup", color: "red" }]);
    expect(created.outs).toMatchObject({ name: "signup", color: "red" });
  });

  it("create runs the step after the write, and a failed step leaves a partial create naming the object", async () => {
    const tenant = recordingTenant({});
    const afterWrite = jest.fn(async (_client: TenantClient, object: Form) => ({ ...object, name: "after" }));
    const kit = collectionKit(formsSpec({ afterWrite }));
    expect((await createObject(kit, tenant.ctx, { name: "one" })).outs).toMatchObject({ name: "after" });
    const failing = collectionKit(formsSpec({ afterWrite: async () => Promise.reject(new Error("deploy refused")) }));
    const error = await createObject(failing, tenant.ctx, { name: "two" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartialCreateError);
    expect((error as PartialCreateError).id).toBe("ap_2");
    expect((error as PartialCreateError).properties).toMatchObject({ name: "two" });
  });

  it("update sends a PATCH of what differs only, and nothing when nothing does", async () => {
    const tenant = recordingTenant({ ap_1: { id: "ap_1", name: "old", color: "red" } });
    const kit = collectionKit(formsSpec());
    await updateObject(kit, tenant.ctx, "ap_1", { name: "old", color: "red" }, { name: "new", color: "red" });
    expect(tenant.sent).toEqual(["PATCH /forms/ap_1"]);
    expect(tenant.bodies).toEqual([{ name: "new" }]);
    const same = await updateObject(
      kit,
      tenant.ctx,
      "ap_1",
      { name: "new", color: "red" },
      { name: "new", color: "red" },
    );
    expect(tenant.sent).toHaveLength(1);
    expect(same.outs).toMatchObject({ name: "new" });
  });

  it("update runs the step after the write alone when only it differs", async () => {
    const tenant = recordingTenant({ ap_1: { id: "ap_1", name: "same" } });
    const afterWrite = jest.fn(async (_client: TenantClient, object: Form) => object);
    await updateObject(
      collectionKit(formsSpec({ afterWrite })),
      tenant.ctx,
      "ap_1",
      { name: "same" },
      { name: "same" },
    );
    expect(tenant.sent).toEqual(["GET /forms/ap_1"]);
    expect(afterWrite).toHaveBeenCalledTimes(1);
  });

  it("update of an object deleted out of band says to refresh", async () => {
    const tenant = recordingTenant({});
    const error = await updateObject(
      collectionKit(formsSpec()),
      tenant.ctx,
      "ap_9",
      { name: "a" },
      { name: "b" },
    ).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(String((error as Error).message)).toMatch(/pulumi refresh/);
  });

  it("read answers outputs and the inputs that reproduce them, and nothing for an object gone", async () => {
    const tenant = recordingTenant({ ap_1: { id: "ap_1", name: "signup", color: "blue" } });
    const kit = collectionKit(formsSpec());
    const read = await readObject(kit, tenant.ctx, "ap_1", { name: "signup" });
    expect(read.props).toMatchObject({ name: "signup", color: "blue" });
    expect(read.inputs).toEqual({ name: "signup", color: "blue" });
    expect(await readObject(kit, tenant.ctx, "ap_2", {})).toEqual({});
  });

  it("adoption writes nothing when the object matches, and only what differs otherwise", async () => {
    // Ids of their own: a create in this file claimed its ids for the process.
    const tenant = recordingTenant({
      ap_A1: { id: "ap_A1", name: "as is", color: "red" },
      ap_A2: { id: "ap_A2", name: "before", color: "red" },
    });
    const kit = collectionKit(formsSpec());
    await adoptObject(kit, tenant.client, "ap_A1", { name: "as is", color: "red" });
    expect(tenant.sent).toEqual(["GET /forms/ap_A1"]);
    await adoptObject(kit, tenant.client, "ap_A2", { name: "after", color: "red" });
    expect(tenant.sent.slice(1)).toEqual(["GET /forms/ap_A2", "PATCH /forms/ap_A2"]);
    expect(tenant.bodies.at(-1)).toEqual({ name: "after" });
    const error = await adoptObject(kit, tenant.client, "ap_A3", { name: "x" }).catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toMatch(/adoptId/);
  });

  it("diff reports a change, and a replacement for what the API cannot update", () => {
    const kit = collectionKit(formsSpec());
    expect(diffCollection(kit, { name: "a", color: "red" }, { name: "a", color: "red" })).toEqual({ changes: false });
    expect(diffCollection(kit, { name: "a", color: "red" }, { name: "b", color: "red" })).toEqual({ changes: true });
    expect(diffCollection(kit, { name: "a", color: "red" }, { name: "a", color: "blue" })).toEqual({
      changes: true,
      replaces: ["color"],
    });
  });
});
