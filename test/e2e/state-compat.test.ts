/**
 * The serialized provider (`__provider`) in state: today's is under 130 bytes per kind and names
 * no path, and the ones stored before still refresh, no-op, update and destroy their resources
 * with today's runtime: pulumi-tenant 0.2.0's (test/fixtures/provider-0.2.0.json, the exact text
 * the closure serializer wrote for each kind, which calls `runtime.configure` and
 * `runtime.dispatch`) and the one with the build's absolute path as a fallback
 * (test/fixtures/provider-fallback.json).
 */
import * as path from "node:path";
import { PROGRAM_FRAMES } from "../../provider/lifecycle/stack-formatting";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import oldProviders from "../fixtures/provider-0.2.0.json";
import fallbackProviders from "../fixtures/provider-fallback.json";
import { apiCallsIn, E2E_TIMEOUT_MS, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

/** The provider kind of a dynamic resource's type (`pulumi-nodejs:dynamic/tenant:Form` → `form`). */
const KIND_OF: Record<string, keyof typeof oldProviders & keyof typeof fallbackProviders> = {
  Form: "form",
  EventStream: "eventStream",
  LoginTemplate: "loginTemplate",
};

interface StoredResource {
  type: string;
  urn: string;
  sourcePosition?: string;
  stackTrace?: { sourcePosition?: string }[];
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

describe("the serialized provider in state", () => {
  let ctx: E2eContext;
  const objects = 2 + 1 + 1; // forms, a stream, the template

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: path.join(REPO_ROOT, "bench", "programs", "tenant"),
      stackName: "state-compat",
      config: {
        hookPassword: { value: "compat-hook-password", secret: true },
        scenario: { value: JSON.stringify({ forms: 2, streams: 1, template: true }) },
      },
    });
  });
  afterAll(async () => ctx?.dispose());

  const tenantResources = async (): Promise<StoredResource[]> => {
    const deployment = (await ctx.stack.exportStack()).deployment as { resources: StoredResource[] };
    return deployment.resources.filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic"));
  };

  test("today's __provider is under 130 bytes for every kind, without a path; the stored stack trace is the program's, short", async () => {
    await ctx.stack.up();
    const resources = await tenantResources();
    expect(resources).toHaveLength(objects);
    const sizes = new Map<string, number>();
    for (const resource of resources) {
      const text = String(resource.outputs?.__provider);
      expect(text).toContain("attach(");
      sizes.set(resource.type, Buffer.byteLength(text));
    }
    process.stdout.write(
      `FIGURE __provider bytes: ${[...sizes].map(([type, bytes]) => `${type.split(":").pop()} ${bytes}`).join(", ")}\n`,
    );
    for (const bytes of sizes.values()) expect(bytes).toBeLessThan(130);
    for (const resource of resources) expect(String(resource.outputs?.__provider)).not.toContain(REPO_ROOT);
    // Where each resource was declared: frames of the program (scenario.ts), none of this package, a few at most.
    for (const resource of resources) {
      const positions = (resource.stackTrace ?? []).map((frame) => frame.sourcePosition ?? "");
      expect(positions.length).toBeGreaterThan(0);
      expect(positions.length).toBeLessThanOrEqual(PROGRAM_FRAMES);
      expect(positions.some((position) => position.includes("scenario.ts#"))).toBe(true);
      expect(positions.filter((position) => /provider\/dist\//.test(position))).toEqual([]);
      expect(resource.sourcePosition ?? "").not.toMatch(/provider\/dist\//);
    }
  });

  /**
   * Each provider text an earlier version stored: 0.2.0's (the closure serializer's, calling
   * `runtime.dispatch`) and the one stored until the text went without a path (the fallback to the
   * build's absolute path always present). Each marked by what only it contains.
   */
  const STORED_SHAPES = [
    { name: "0.2.0's", texts: oldProviders, marker: "dispatch(" },
    { name: "the path-fallback", texts: fallbackProviders, marker: "require.resolve(" },
  ] as const;

  test.each(STORED_SHAPES)(
    "state with $name providers: refresh reads, a no-op up writes nothing, an update applies, destroy deletes",
    async ({ texts, marker }) => {
      await ctx.stack.setConfig("hookPassword", { value: "compat-hook-password", secret: true });
      await ctx.stack.up();
      const exported = await ctx.stack.exportStack();
      const deployment = exported.deployment as { resources: StoredResource[] };
      const runtimeFile = path.join(REPO_ROOT, "provider", "dist", "provider", "runtime.js");
      for (const resource of deployment.resources) {
        const kind = KIND_OF[resource.type.split(":").pop()!];
        if (!kind) continue;
        const old = texts[kind].split("@@RUNTIME_FILE@@").join(runtimeFile);
        for (const props of [resource.inputs, resource.outputs]) if (props) props.__provider = old;
      }
      await ctx.stack.importStack(exported);
      const storesOld = async (): Promise<boolean> =>
        (await tenantResources()).every((resource) => String(resource.outputs?.__provider).includes(marker));
      expect(await storesOld()).toBe(true);

      ctx.server.counters.reset();
      const refreshed = await ctx.stack.refresh();
      expect(refreshed.summary.resourceChanges).toEqual({ same: objects + 1 });
      // Through today's runtime, so through its lists: a page of forms, one of streams, the template's GET.
      expect(apiCallsIn(ctx.server.counters.snapshot())).toBe(3);

      ctx.server.counters.reset();
      const again = await ctx.stack.up();
      expect(again.summary.resourceChanges).toEqual({ same: objects + 1 });
      expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
      // A no-op keeps the stored providers: destroy runs their delete.
      expect(await storesOld()).toBe(true);

      // An update of the stream (its password) with the stored outputs of the old text.
      await ctx.stack.setConfig("hookPassword", { value: "compat-hook-password-2", secret: true });
      ctx.server.counters.reset();
      const updated = await ctx.stack.up();
      expect(updated.summary.resourceChanges).toEqual({ same: objects, update: 1 });
      expect(ctx.server.counters.snapshot()).toMatchObject({ "PATCH /api/v2/event-streams/:id": 1 });
      expect(writesIn(ctx.server.counters.snapshot())).toBe(1);

      ctx.server.counters.reset();
      const destroyed = await ctx.stack.destroy();
      expect(destroyed.summary.resourceChanges).toEqual({ delete: objects + 1 });
      expect(ctx.server.counters.snapshot()).toMatchObject({
        "DELETE /api/v2/forms/:id": 2,
        "DELETE /api/v2/event-streams/:id": 1,
      });
      expect(await ctx.api.forms()).toEqual([]);
    },
  );
});
