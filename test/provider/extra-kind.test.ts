/**
 * Issue 17, item 5: a kind declared in a fixture folder, test/fixtures/kinds/flow (a table
 * entry and a module made from it, nothing else), goes through the server's routes, the
 * provider's check / diff / create / read / update / delete, a lookup, `generate` and the
 * package schema, with no shared file of api/, server/ or provider/ edited for it.
 */
import "../fixtures/kinds/flow";
import { defineKind, KIND_NAMES, kindNames } from "../../api";
import { buildPluginProgram } from "../../provider/cli/generate/plugin-program";
import { generateHelp } from "../../provider/cli/generate/command";
import { buildProgram } from "../../provider/cli/generate/program";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { packageSchema } from "../../provider/schema/package-schema";
import { tableKindModule } from "../../provider/lifecycle/table-kind";
import { invokeFunction } from "../../provider/plugin/invoke";
import { defineKindModule, kindModule } from "../../provider/resources";
import { FLOW_KIND } from "../fixtures/kinds/flow";
import { call, dispatchingProvider, PROVIDER_TEXT, runtime, startHarness, type ProviderHarness } from "./helpers";

const flow = () => dispatchingProvider("flow");

describe("a kind declared beyond the table: the test-only Flow", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it("is a kind like the others", () => {
    expect(kindNames()).toEqual([...KIND_NAMES, "flow"]);
  });

  it("generate --help names what it reads of the kind and the scope it needs", () => {
    const help = generateHelp().replace(/\s+/g, " ");
    expect(help).toContain("every flow");
    expect(help).toContain("read:flows");
  });

  it("is declared once; the table alone serves a collection whose list holds whole objects", () => {
    expect(() => defineKind("flow", FLOW_KIND)).toThrow(/declared already/);
    expect(() => defineKind("form", FLOW_KIND)).toThrow(/declared already/);
    expect(() => defineKind("bad-name", FLOW_KIND)).toThrow(/camelCase/);
    expect(() => defineKindModule("flow", kindModule("flow"))).toThrow(/has a module already/);
    expect(() => defineKindModule("form", kindModule("flow"))).toThrow(/has a module already/);
    expect(() => kindModule("noSuchKind")).toThrow(/unknown resource kind "noSuchKind"/);
    expect(() => tableKindModule("noSuchKind")).toThrow(/declare it with defineKind/);
    expect(() => tableKindModule("form")).toThrow(/needs files of its own \(its list holds summaries\)/);
    expect(() => tableKindModule("loginTemplate")).toThrow(/it is not a collection, it has no id rule or paging/);
  });

  it("server: the routes of its table entry, with its scopes, id rule and errors in the Auth0 shape", async () => {
    const created = await harness.admin("POST", "/flows", { name: "Onboarding", kind: "sync" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Onboarding", kind: "sync", created_at: expect.any(String) });
    expect(created.json.id).toMatch(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/);
    const id = created.json.id as string;
    expect((await harness.admin("GET", `/flows/${id}`)).json).toEqual(created.json);
    const listed = await harness.admin("GET", "/flows?include_totals=true&per_page=10");
    expect(listed.json).toMatchObject({ total: 1, flows: [created.json] });
    const patched = await harness.admin("PATCH", `/flows/${id}`, { actions: [{ id: "a1", type: "HTTP" }] });
    expect(patched.json.actions).toEqual([{ id: "a1", type: "HTTP" }]);
    // The update schema has no `kind`; the create schema refuses unknown keys and bad values.
    const badPatch = await harness.admin("PATCH", `/flows/${id}`, { kind: "async" });
    expect(badPatch.status).toBe(400);
    expect(badPatch.json).toMatchObject({ statusCode: 400, errorCode: "invalid_body" });
    expect((await harness.admin("POST", "/flows", { name: "" })).json.errorCode).toBe("invalid_body");
    expect((await harness.admin("GET", "/flows/not-an-id")).json.errorCode).toBe("invalid_uri");
    expect((await harness.admin("DELETE", `/flows/${id}`)).status).toBe(204);
    const gone = await harness.admin("GET", `/flows/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: `The flow with id ${id} does not exist.`,
      errorCode: "inexistent_flow",
    });
  });

  it("provider: check, diff, create, read, update, replace and delete through the runtime's dispatch", async () => {
    const inputs = {
      name: "Checkout",
      kind: "sync",
      actions: [{ id: "pay", type: "HTTP" }],
      __provider: PROVIDER_TEXT,
    };
    expect((await call(flow(), "check")({}, inputs)).failures).toEqual([]);
    // Bad input fails at preview, naming the property (the table's create schema).
    for (const [property, value] of [
      ["name", ""],
      ["kind", "later"],
      ["actions", [{ id: "x", type: "FAX" }]],
    ] as const) {
      const refused = await call(flow(), "check")({}, { ...inputs, [property]: value });
      expect(refused.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(`^${property}`)]);
    }

    const created = await call(flow(), "create")(inputs);
    expect(created.id).toMatch(/^af_/);
    expect((await harness.admin("GET", `/flows/${created.id}`)).json).toMatchObject({ name: "Checkout" });
    const read = await call(flow(), "read")(created.id, created.outs);
    expect(read.props).toMatchObject({ name: "Checkout", kind: "sync", actions: [{ id: "pay", type: "HTTP" }] });
    expect(await call(flow(), "diff")(created.id, read.props, inputs)).toMatchObject({ changes: false });

    // Drift made by hand is read back exactly.
    await harness.admin("PATCH", `/flows/${created.id}`, { name: "Renamed by hand" });
    const drifted = await call(flow(), "read")(created.id, read.props);
    expect(drifted.props?.name).toBe("Renamed by hand");
    expect(await call(flow(), "diff")(created.id, drifted.props, inputs)).toMatchObject({ changes: true });

    // A field of the update schema changes in place; one outside it (`kind`) replaces.
    const renamed = { ...inputs, name: "Checkout v2" };
    const inPlace = await call(flow(), "diff")(created.id, drifted.props, renamed);
    expect(inPlace).toMatchObject({ changes: true });
    expect(inPlace.replaces ?? []).toEqual([]);
    const updated = await call(flow(), "update")(created.id, drifted.props, renamed);
    expect(updated.outs).toMatchObject({ name: "Checkout v2" });
    expect((await harness.admin("GET", `/flows/${created.id}`)).json.name).toBe("Checkout v2");
    expect((await call(flow(), "diff")(created.id, updated.outs, { ...renamed, kind: "async" })).replaces).toEqual([
      "kind",
    ]);

    await call(flow(), "delete")(created.id, updated.outs);
    expect((await harness.admin("GET", `/flows/${created.id}`)).status).toBe(404);
    // Gone is gone: read reports it, a second delete succeeds.
    expect(await call(flow(), "read")(created.id, updated.outs)).toEqual({});
    await call(flow(), "delete")(created.id, updated.outs);
  });

  it("lookup: its table lookup as a plugin function, by name and by id", async () => {
    const made = (await harness.admin("POST", "/flows", { name: "Lookup me", kind: "async" })).json;
    expect(await invokeFunction("tenant:index:getFlow", { name: "Lookup me" })).toEqual(made);
    expect(await invokeFunction("tenant:index:getFlow", { id: made.id })).toEqual(made);
    await expect(invokeFunction("tenant:index:getFlow", { name: "No such flow" })).rejects.toThrow(/flow/);
    await harness.admin("DELETE", `/flows/${made.id}`);
  });

  it("generate: read with the tenant and written as a Flow adopting its object", async () => {
    const made = (await harness.admin("POST", "/flows", { name: "Generated", kind: "sync" })).json;
    const snapshot = await readTenant(runtime.sharedClient());
    expect(snapshot.objects.flow).toEqual([made]);
    const index = buildProgram(snapshot, { projectName: "p", providerVersion: "0.2.0", pulumiVersion: "3.248.0" })
      .files["index.ts"];
    expect(index).toContain("// ---------------------------------------------------------------- flows");
    expect(index).toMatch(new RegExp(`new tenant\\.Flow\\("generated\\w*", \\{[^}]*adoptId: "${made.id}"`));
    expect(index).toContain('name: "Generated"');
    const imports = JSON.parse(
      buildPluginProgram(snapshot, {
        projectName: "p",
        language: "python",
        providerVersion: "0.2.0",
        pulumiVersion: "3.248.0",
      }).files["import.json"],
    ) as { resources: { type: string; id: string }[] };
    expect(imports.resources).toContainEqual(expect.objectContaining({ type: "tenant:index:Flow", id: made.id }));
    await harness.admin("DELETE", `/flows/${made.id}`);
  });

  it("schema: a resource and a function with its inputs, outputs and lookup arguments", () => {
    const schema = packageSchema("0.2.0") as {
      resources: Record<string, { inputProperties: Record<string, unknown>; properties: Record<string, unknown> }>;
      functions: Record<string, { inputs: { properties: Record<string, unknown> } }>;
    };
    const resource = schema.resources["tenant:index:Flow"];
    expect(Object.keys(resource.inputProperties)).toEqual(expect.arrayContaining(["name", "kind", "actions"]));
    expect(Object.keys(resource.properties)).toEqual(expect.arrayContaining(["name", "kind", "actions"]));
    expect(Object.keys(schema.functions["tenant:index:getFlow"].inputs.properties)).toEqual(
      expect.arrayContaining(["id", "name"]),
    );
  });
});
