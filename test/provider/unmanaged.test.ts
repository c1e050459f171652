/**
 * `drift --unmanaged` (provider/cli/unmanaged.ts) against a started tenant: the objects no
 * stack holds, each with its import and adoption lines; a kind the client may not list is
 * named as not checked (never reported clean); objects another tenant's stacks hold do not count.
 */
import { StackIndex } from "../../provider/backend/stacks";
import type { StackExport } from "../../provider/backend/stack-state";
import { StackTenants } from "../../provider/cli/stack-tenants";
import { describeUnmanaged, findUnmanaged } from "../../provider/cli/unmanaged";
import { resetRuntime } from "../../provider/runtime";
import type { TenantServer } from "../../server/index";
import { startHarness, type ProviderHarness } from "./helpers";

const FORM = { name: "Sign-up", start: { next_node: "$ending" }, ending: {} };

describe("objects no stack manages", () => {
  let harness: ProviderHarness;
  let server: TenantServer;
  let held: string;
  let handMade: string;
  let stream: string;

  beforeAll(async () => {
    harness = await startHarness();
    server = harness.server;
    const post = async (path: string, body: object) => (await harness.admin("POST", path, body)).json.id as string;
    held = await post("/forms", FORM);
    handMade = await post("/forms", { ...FORM, name: "Made by hand" });
    stream = await post("/event-streams", {
      name: "audit",
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://example.com/hook",
          webhook_authorization: { method: "bearer", token: "hook-token-unmanaged-1" },
        },
      },
    });
  });
  afterEach(() => resetRuntime());
  afterAll(async () => harness.close());

  /** A stack whose state holds the form `held` of this tenant, read with the client `clientId`. */
  function stackOf(clientId: string, clientSecret: string): StackTenants {
    const exported: StackExport = {
      deployment: {
        resources: [
          {
            urn: "urn:pulumi:prod::tenant::pulumi-nodejs:dynamic/tenant:Form::signup",
            type: "pulumi-nodejs:dynamic/tenant:Form",
            id: held,
            custom: true,
            outputs: { name: "Sign-up", tenantOrigin: server.url },
          },
        ],
      },
    };
    return new StackTenants(exported, {
      "tenant:domain": server.url,
      "tenant:clientId": clientId,
      "tenant:clientSecret": clientSecret,
    });
  }

  const indexHolding = (origin: string) =>
    new StackIndex([
      {
        stack: "tenant/prod",
        held: [{ stack: "tenant/prod", kind: "form", id: held, urn: "urn:…::signup", tenantOrigin: origin }],
        pendingCreates: [],
      },
    ]);

  it("lists each object no stack holds, with the lines that adopt it", async () => {
    const stack = stackOf(server.credentials.clientId, server.credentials.clientSecret);
    const { objects, skipped } = await findUnmanaged(stack, indexHolding(server.url));
    expect(skipped).toEqual([]);
    expect(objects.map((object) => object.id).sort()).toEqual([handMade, stream].sort());
    const form = objects.find((object) => object.id === handMade)!;
    expect(form.importCommand).toBe(`pulumi import tenant:index:Form madeByHand ${handMade}`);
    expect(form.adoptArgument).toBe(`new tenant.Form("madeByHand", { adoptId: "${handMade}", ... })`);
    const lines = describeUnmanaged(objects, skipped);
    expect(lines[0]).toBe("2 object(s) of the tenant are managed by no stack (made by hand?):");
    expect(lines.some((line) => line.startsWith("Not checked"))).toBe(false);
  });

  it("an object held by a stack of another tenant (same id) is unmanaged here", async () => {
    const stack = stackOf(server.credentials.clientId, server.credentials.clientSecret);
    const { objects } = await findUnmanaged(stack, indexHolding("https://other.example.com"));
    expect(objects.map((object) => object.id)).toContain(held);
  });

  it("a kind the client may not list is reported as not checked, with why", async () => {
    server.addClient({
      client_id: "forms-only",
      client_secret: "forms-only-secret-0123",
      scopes: ["read:forms"],
      global: true,
    });
    const stack = stackOf("forms-only", "forms-only-secret-0123");
    const { objects, skipped } = await findUnmanaged(stack, indexHolding(server.url));
    expect(objects.map((object) => object.id)).toEqual([handMade]);
    expect(skipped.map((kind) => kind.kind)).toEqual(expect.arrayContaining(["eventStream"]));
    const lines = describeUnmanaged(objects, skipped);
    const notChecked = lines.find((line) => line.startsWith("Not checked: the event stream"));
    expect(notChecked).toContain(server.url);
    expect(notChecked).toMatch(/read:event_streams/);
  });
});
