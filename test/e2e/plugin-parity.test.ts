/**
 * One implementation, two front doors (issue 18): the same program — the benchmark's
 * mixed scenario (bench/programs/scenario.ts: forms with STEP and FLOW nodes, webhook
 * streams with a secret password, the template, a policy lookup) — through the dynamic
 * providers (bench/programs/tenant) and through the resource plugin on the Node SDK
 * (bench/programs/plugin), each against its own tenant server. Every step (up, no-op up,
 * a one-field update, refresh, destroy) sends the same API requests, and both stacks store
 * the same outputs and the same objects in the tenant.
 */
import * as path from "node:path";
import { OWNER_KEY } from "../../provider/lifecycle/ownership";
import { kindOfTypeName, renameResource } from "../../provider/schema/names";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const FRONT_DOORS = { dynamic: "tenant", plugin: "plugin" } as const;
type FrontDoor = keyof typeof FRONT_DOORS;
const HOOK_PASSWORD = "parity-hook-password-4e1b";

/** Requests under /api/v2 by route (`PATCH /api/v2/forms/:id` ×3), tokens aside. */
function apiRequests(ctx: E2eContext): Record<string, number> {
  const counters = ctx.server.counters.snapshot();
  ctx.server.counters.reset();
  return Object.fromEntries(Object.entries(counters).filter(([key]) => / \/api\/v2\//.test(key)));
}

type Json = unknown;

/** A stored value with secrets unwrapped and what the tenant makes (ids, timestamps) masked. */
function comparable(value: Json): Json {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, Json>;
    // A secret as exported: {"4dabf18193072939515e22adb298388d": sig, plaintext: JSON}.
    if ("4dabf18193072939515e22adb298388d" in object && typeof object.plaintext === "string")
      return { secret: comparable(JSON.parse(object.plaintext)) };
    return Object.fromEntries(
      Object.entries(object)
        .filter(([key]) => !["created_at", "updated_at"].includes(key))
        .map(([key, item]) => [key, /^(ap|est|rlp)_\w+$/.test(String(item)) ? "<id>" : comparable(item)]),
    );
  }
  return value;
}

/**
 * Each tenant resource's outputs by name, as the stack stores them, without the dynamic
 * provider's own fields: `__provider` and the like, and `managedBy`, the URN a dynamic
 * resource carries to claim its object (the plugin has the URN in every request). The
 * plugin's are in the package schema's names (`nextNode`): compared in the API's (`next_node`).
 * Both record their tenant's origin (`tenantOrigin`): each side has its own server, so it is
 * compared to it.
 */
async function storedOutputs(ctx: E2eContext): Promise<Record<string, Json>> {
  const deployment = (await ctx.stack.exportStack()).deployment as {
    resources: { urn: string; type: string; outputs?: Record<string, Json> }[];
  };
  const out: Record<string, Json> = {};
  for (const resource of deployment.resources) {
    if (resource.type.startsWith("pulumi:")) continue;
    const name = resource.urn.split("::").pop()!;
    const kind = resource.type.startsWith("tenant:") ? kindOfTypeName(resource.type.split(":").pop()!) : undefined;
    const outputs = comparable(
      Object.fromEntries(
        Object.entries(resource.outputs ?? {}).filter(([key]) => !key.startsWith("__") && key !== OWNER_KEY),
      ),
    ) as Record<string, Json>;
    expect(outputs.tenantOrigin).toBe(new URL(ctx.server.url).origin);
    delete outputs.tenantOrigin;
    // Renamed once the exported secrets are unwrapped (an export holds `plaintext`, not an envelope's
    // `value`), then compared again without the timestamps, now under their API names.
    out[name] = kind ? comparable(renameResource(kind, outputs, "toWire")) : outputs;
  }
  return out;
}

/** The tenant's objects, as the API answers them. */
async function tenantObjects(ctx: E2eContext): Promise<Json> {
  const forms = await ctx.api.forms();
  const full = await Promise.all(forms.map(async (form) => (await ctx.api.call("GET", `/forms/${form.id}`)).body));
  // By name: the engine creates in parallel, so the tenant's order is not the program's.
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return comparable({
    forms: (full as { name: string }[]).sort(byName),
    streams: (await ctx.api.eventStreams()).sort(byName),
    template: (await ctx.api.call("GET", "/branding/templates/universal-login")).body,
  });
}

describe("the dynamic providers and the plugin, side by side", () => {
  const ctx = {} as Record<FrontDoor, E2eContext>;
  const scenario = { forms: 3, streams: 2, template: true } as Record<string, unknown>;

  beforeAll(async () => {
    for (const door of Object.keys(FRONT_DOORS) as FrontDoor[]) {
      ctx[door] = await startE2e({
        programDir: path.join(REPO_ROOT, "bench", "programs", FRONT_DOORS[door]),
        stackName: `parity-${door}`,
        config: { hookPassword: { value: HOOK_PASSWORD, secret: true } },
      });
      const policy = await ctx[door].api.call<{ id: string }>("POST", "/rate-limit-policies", {
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: "default",
        configuration: { action: "block", limit: 100 },
      });
      expect(policy.status).toBe(201);
      await ctx[door].stack.setConfig("scenario", {
        value: JSON.stringify({ ...scenario, policyId: policy.body.id }),
      });
      apiRequests(ctx[door]);
    }
  });
  afterAll(async () => {
    for (const door of Object.keys(FRONT_DOORS) as FrontDoor[]) await ctx[door]?.dispose();
  });

  /** Runs `step` on both stacks, one after the other, and returns what each sent. */
  async function both(step: (context: E2eContext) => Promise<unknown>): Promise<Record<FrontDoor, unknown>> {
    const sent = {} as Record<FrontDoor, unknown>;
    for (const door of Object.keys(FRONT_DOORS) as FrontDoor[]) {
      await step(ctx[door]);
      sent[door] = apiRequests(ctx[door]);
    }
    return sent;
  }

  test("up: the same requests, the same stored outputs, the same objects", async () => {
    const sent = await both((context) => context.stack.up());
    expect(sent.plugin).toEqual(sent.dynamic);
    expect(sent.dynamic).toMatchObject({ "POST /api/v2/forms": 3, "POST /api/v2/event-streams": 2 });
    expect(await storedOutputs(ctx.plugin)).toEqual(await storedOutputs(ctx.dynamic));
    expect(await tenantObjects(ctx.plugin)).toEqual(await tenantObjects(ctx.dynamic));
  });

  test("a no-op up sends the same (no write) in both", async () => {
    const sent = await both((context) => context.stack.up());
    expect(sent.plugin).toEqual(sent.dynamic);
    expect(Object.keys(sent.dynamic as object).filter((key) => !key.startsWith("GET "))).toEqual([]);
  });

  test("a one-field update: the same PATCH, the same outputs", async () => {
    const sent = await both(async (context) => {
      await context.stack.setConfig("scenario", {
        value: JSON.stringify({ ...JSON.parse((await context.stack.getConfig("scenario")).value), formName: "Join" }),
      });
      return context.stack.up();
    });
    expect(sent.plugin).toEqual(sent.dynamic);
    expect(sent.dynamic).toMatchObject({ "PATCH /api/v2/forms/:id": 1 });
    expect(await storedOutputs(ctx.plugin)).toEqual(await storedOutputs(ctx.dynamic));
    expect(await tenantObjects(ctx.plugin)).toEqual(await tenantObjects(ctx.dynamic));
  });

  test("refresh: the same reads, the same outputs after", async () => {
    const sent = await both((context) => context.stack.refresh());
    expect(sent.plugin).toEqual(sent.dynamic);
    expect(await storedOutputs(ctx.plugin)).toEqual(await storedOutputs(ctx.dynamic));
  });

  test("destroy: the same deletes", async () => {
    const sent = await both((context) => context.stack.destroy());
    expect(sent.plugin).toEqual(sent.dynamic);
    expect(sent.dynamic).toMatchObject({ "DELETE /api/v2/forms/:id": 3, "DELETE /api/v2/event-streams/:id": 2 });
  });
});
