/**
 * Issue 17, item 5: a kind declared in a fixture folder, test/fixtures/kinds/gadget (a table
 * entry and a module made from it, nothing else), goes through the server's routes, the
 * provider's check / diff / create / read / update / delete, a lookup, `generate` and the
 * package schema, with no shared file of api/, server/ or provider/ edited for it.
 */
import "../fixtures/kinds/gadget";
import { defineKind, KIND_NAMES, kindNames } from "../../api";
import { buildPluginProgram } from "../../provider/cli/generate/plugin-program";
import { generateHelp } from "../../provider/cli/generate/help";
import { buildProgram } from "../../provider/cli/generate/typescript-program";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { packageSchema } from "../../provider/schema/package-schema";
import { tableKindModule } from "../../provider/lifecycle/table-kind";
import { invokeFunction } from "../../provider/plugin/invoke";
import { defineKindModule, kindModule } from "../../provider/lifecycle/kind-modules";
import { GADGET_KIND } from "../fixtures/kinds/gadget";
import { call, dispatchingProvider, PROVIDER_TEXT, runtime, startHarness, type ProviderHarness } from "./helpers";

const gadget = () => dispatchingProvider("gadget");

describe("a kind declared beyond the table: the test-only Gadget", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it("is a kind like the others", () => {
    expect(kindNames()).toEqual([...KIND_NAMES, "gadget"]);
  });

  it("generate --help names what it reads of the kind and the scope it needs", () => {
    const help = generateHelp().replace(/\s+/g, " ");
    expect(help).toContain("every gadget");
    expect(help).toContain("read:gadgets");
  });

  it("is declared once; the table alone serves a collection whose list holds whole objects", () => {
    expect(() => defineKind("gadget", GADGET_KIND)).toThrow(/declared already/);
    expect(() => defineKind("form", GADGET_KIND)).toThrow(/declared already/);
    expect(() => defineKind("bad-name", GADGET_KIND)).toThrow(/camelCase/);
    expect(() => defineKindModule("gadget", kindModule("gadget"))).toThrow(/has a module already/);
    expect(() => defineKindModule("form", kindModule("gadget"))).toThrow(/has a module already/);
    expect(() => kindModule("noSuchKind")).toThrow(/unknown resource kind "noSuchKind"/);
    expect(() => tableKindModule("noSuchKind")).toThrow(/declare it with defineKind/);
    expect(() => tableKindModule("loginTemplate")).toThrow(/it is not a collection, it has no id rule or paging/);
  });

  it("server: the routes of its table entry, with its scopes, id rule and errors in the Auth0 shape", async () => {
    const created = await harness.admin("POST", "/gadgets", { name: "Onboarding", kind: "sync" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Onboarding", kind: "sync", created_at: expect.any(String) });
    expect(created.json.id).toMatch(/^gd_[1-9A-HJ-NP-Za-km-z]{22}$/);
    const id = created.json.id as string;
    expect((await harness.admin("GET", `/gadgets/${id}`)).json).toEqual(created.json);
    const listed = await harness.admin("GET", "/gadgets?include_totals=true&per_page=10");
    expect(listed.json).toMatchObject({ total: 1, gadgets: [created.json] });
    const patched = await harness.admin("PATCH", `/gadgets/${id}`, { parts: [{ id: "a1", type: "GEAR" }] });
    expect(patched.json.parts).toEqual([{ id: "a1", type: "GEAR" }]);
    // The update schema has no `kind`; the create schema refuses unknown keys and bad values.
    const badPatch = await harness.admin("PATCH", `/gadgets/${id}`, { kind: "async" });
    expect(badPatch.status).toBe(400);
    expect(badPatch.json).toMatchObject({ statusCode: 400, errorCode: "invalid_body" });
    expect((await harness.admin("POST", "/gadgets", { name: "" })).json.errorCode).toBe("invalid_body");
    expect((await harness.admin("GET", "/gadgets/not-an-id")).json.errorCode).toBe("invalid_uri");
    expect((await harness.admin("DELETE", `/gadgets/${id}`)).status).toBe(204);
    const gone = await harness.admin("GET", `/gadgets/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: `The gadget with id ${id} does not exist.`,
      errorCode: "inexistent_gadget",
    });
  });

  it("provider: check, diff, create, read, update, replace and delete through the runtime's dispatch", async () => {
    const inputs = {
      name: "Checkout",
      kind: "sync",
      parts: [{ id: "pay", type: "GEAR" }],
      __provider: PROVIDER_TEXT,
    };
    expect((await call(gadget(), "check")({}, inputs)).failures).toEqual([]);
    // Bad input fails at preview, naming the property (the table's create schema).
    for (const [property, value] of [
      ["name", ""],
      ["kind", "later"],
      ["parts", [{ id: "x", type: "FAX" }]],
    ] as const) {
      const refused = await call(gadget(), "check")({}, { ...inputs, [property]: value });
      expect(refused.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(`^${property}`)]);
    }

    const created = await call(gadget(), "create")(inputs);
    expect(created.id).toMatch(/^gd_/);
    expect((await harness.admin("GET", `/gadgets/${created.id}`)).json).toMatchObject({ name: "Checkout" });
    const read = await call(gadget(), "read")(created.id, created.outs);
    expect(read.props).toMatchObject({ name: "Checkout", kind: "sync", parts: [{ id: "pay", type: "GEAR" }] });
    expect(await call(gadget(), "diff")(created.id, read.props, inputs)).toMatchObject({ changes: false });

    // Drift made by hand is read back exactly.
    await harness.admin("PATCH", `/gadgets/${created.id}`, { name: "Renamed by hand" });
    const drifted = await call(gadget(), "read")(created.id, read.props);
    expect(drifted.props?.name).toBe("Renamed by hand");
    expect(await call(gadget(), "diff")(created.id, drifted.props, inputs)).toMatchObject({ changes: true });

    // A field of the update schema changes in place; one outside it (`kind`) replaces.
    const renamed = { ...inputs, name: "Checkout v2" };
    const inPlace = await call(gadget(), "diff")(created.id, drifted.props, renamed);
    expect(inPlace).toMatchObject({ changes: true });
    expect(inPlace.replaces ?? []).toEqual([]);
    const updated = await call(gadget(), "update")(created.id, drifted.props, renamed);
    expect(updated.outs).toMatchObject({ name: "Checkout v2" });
    expect((await harness.admin("GET", `/gadgets/${created.id}`)).json.name).toBe("Checkout v2");
    expect((await call(gadget(), "diff")(created.id, updated.outs, { ...renamed, kind: "async" })).replaces).toEqual([
      "kind",
    ]);

    await call(gadget(), "delete")(created.id, updated.outs);
    expect((await harness.admin("GET", `/gadgets/${created.id}`)).status).toBe(404);
    // Gone is gone: read reports it, a second delete succeeds.
    expect(await call(gadget(), "read")(created.id, updated.outs)).toEqual({});
    await call(gadget(), "delete")(created.id, updated.outs);
  });

  it("lookup: its table lookup as a plugin function, by name and by id", async () => {
    const made = (await harness.admin("POST", "/gadgets", { name: "Lookup me", kind: "async" })).json;
    expect(await invokeFunction("tenant:index:getGadget", { name: "Lookup me" })).toEqual(made);
    expect(await invokeFunction("tenant:index:getGadget", { id: made.id })).toEqual(made);
    await expect(invokeFunction("tenant:index:getGadget", { name: "No such gadget" })).rejects.toThrow(/gadget/);
    await harness.admin("DELETE", `/gadgets/${made.id}`);
  });

  it("generate: read with the tenant and written as a Gadget adopting its object", async () => {
    const made = (await harness.admin("POST", "/gadgets", { name: "Generated", kind: "sync" })).json;
    const snapshot = await readTenant(runtime.sharedClient());
    expect(snapshot.objects.gadget).toEqual([made]);
    const { files } = buildProgram(snapshot, { projectName: "p", providerVersion: "0.2.0", pulumiVersion: "3.248.0" });
    const index = files["index.ts"]!;
    expect(index).toContain("// ---------------------------------------------------------------- gadgets");
    // It adopts its object by the id adopt.json records under its name (on this tenant only); the code holds no id.
    const name = /new tenant\.Gadget\("(generated\w*)", \{[^}]*adoptId: adopt\.id\("\1"\)/.exec(index)?.[1];
    expect(JSON.parse(files["adopt.json"]!)).toEqual({
      tenant: runtime.sharedClient().settings.origin,
      ids: { [name!]: made.id },
    });
    expect(index).not.toContain(made.id);
    expect(index).toContain('name: "Generated"');
    const imports = JSON.parse(
      buildPluginProgram(snapshot, {
        projectName: "p",
        language: "python",
        providerVersion: "0.2.0",
        pulumiVersion: "3.248.0",
      }).files["import.json"],
    ) as { resources: { type: string; id: string }[] };
    expect(imports.resources).toContainEqual(expect.objectContaining({ type: "tenant:index:Gadget", id: made.id }));
    await harness.admin("DELETE", `/gadgets/${made.id}`);
  });

  it("schema: a resource and a function with its inputs, outputs and lookup arguments", () => {
    const schema = packageSchema("0.2.0") as {
      resources: Record<string, { inputProperties: Record<string, unknown>; properties: Record<string, unknown> }>;
      functions: Record<string, { inputs: { properties: Record<string, unknown> } }>;
    };
    const resource = schema.resources["tenant:index:Gadget"];
    expect(Object.keys(resource.inputProperties)).toEqual(expect.arrayContaining(["name", "kind", "parts"]));
    expect(Object.keys(resource.properties)).toEqual(expect.arrayContaining(["name", "kind", "parts"]));
    expect(Object.keys(schema.functions["tenant:index:getGadget"].inputs.properties)).toEqual(
      expect.arrayContaining(["id", "name"]),
    );
  });
});
