/** Form provider methods against a started tenant server: lifecycle, drift, adoption. */
import { call, countForms, formProvider, PROVIDER_TEXT, startHarness, type ProviderHarness } from "./helpers";

const signup = {
  name: "Sign-up",
  languages: { primary: "en" },
  messages: {},
  nodes: [
    {
      id: "details",
      type: "STEP",
      config: {
        components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true, config: {} }],
        next_node: "route",
      },
    },
    {
      id: "route",
      type: "ROUTER",
      config: {
        rules: [{ id: "biz", condition: { operator: "EXISTS", operand: "{{fields.company}}" }, next_node: "enrich" }],
        fallback: "$ending",
      },
    },
    { id: "enrich", type: "FLOW", config: { flow_id: "af_2Nf7qL3mXcVbT8wRyK1pDz", next_node: "$ending" } },
  ],
  start: { next_node: "details", hidden_fields: [{ key: "utm", value: "web" }] },
  style: { css: "body { color: red }" },
};

describe("Form provider", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("runs the full lifecycle: check, create, read, diff, update, read, delete", async () => {
    const inputs = { ...signup, __provider: PROVIDER_TEXT };
    const checked = await call(formProvider, "check")({}, inputs);
    expect(checked.failures).toEqual([]);

    const created = await call(formProvider, "create")(checked.inputs);
    expect(created.id).toMatch(/^ap_/);
    expect(created.outs).toMatchObject({ name: "Sign-up", style: { css: "body { color: red }" } });
    // The server's default ending is not one the program set: outputs keep the program's shape.
    expect(created.outs).not.toHaveProperty("ending");
    expect(created.outs.created_at).toEqual(expect.any(String));
    expect(created.outs).not.toHaveProperty("messages");

    const read = await call(formProvider, "read")(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(read.props).toEqual(created.outs);
    expect(await call(formProvider, "diff")(created.id, read.props, inputs)).toEqual({ changes: false });

    const renamed = { ...inputs, name: "Sign-up v2", style: undefined };
    expect(await call(formProvider, "diff")(created.id, read.props, renamed)).toEqual({ changes: true });
    const updated = await call(formProvider, "update")(created.id, read.props, renamed);
    expect(updated.outs).toMatchObject({ name: "Sign-up v2", created_at: created.outs.created_at });
    expect(updated.outs).not.toHaveProperty("style");
    expect(await call(formProvider, "diff")(created.id, updated.outs, renamed)).toEqual({ changes: false });

    const stored = await harness.admin("GET", `/forms/${created.id}`);
    expect(stored.json.name).toBe("Sign-up v2");
    expect(stored.json.style).toBeUndefined();

    await call(formProvider, "delete")(created.id, updated.outs);
    expect((await harness.admin("GET", `/forms/${created.id}`)).status).toBe(404);
    // destroy after an out-of-band delete: 404 is success
    await call(formProvider, "delete")(created.id, updated.outs);
  });

  it("refresh reports a form renamed out of band, and update puts it back", async () => {
    const created = await call(formProvider, "create")({ ...signup });
    await harness.admin("PATCH", `/forms/${created.id}`, { name: "Renamed by hand" });

    const read = await call(formProvider, "read")(created.id, created.outs);
    expect(read.props.name).toBe("Renamed by hand");
    expect(read.inputs.name).toBe("Renamed by hand");
    expect(await call(formProvider, "diff")(created.id, read.props, signup)).toEqual({ changes: true });

    const restored = await call(formProvider, "update")(created.id, read.props, signup);
    expect(restored.outs.name).toBe("Sign-up");
    expect((await harness.admin("GET", `/forms/${created.id}`)).json.name).toBe("Sign-up");
  });

  it("refresh of a form deleted out of band returns no id", async () => {
    const created = await call(formProvider, "create")({ name: "Short-lived" });
    await harness.admin("DELETE", `/forms/${created.id}`);
    expect(await call(formProvider, "read")(created.id, created.outs)).toEqual({});
  });

  it("adopts an existing form with adoptId instead of creating one", async () => {
    const existing = await harness.admin("POST", "/forms", { name: "Made by hand", style: { css: "a{}" } });
    const before = await countForms(harness);
    const adopted = await call(formProvider, "create")({ ...signup, adoptId: existing.json.id });
    expect(adopted.id).toBe(existing.json.id);
    expect(adopted.outs).toMatchObject({ name: "Sign-up", adoptId: existing.json.id, style: signup.style });
    expect(await countForms(harness)).toBe(before);
    expect(
      await call(formProvider, "diff")(adopted.id, adopted.outs, { ...signup, adoptId: existing.json.id }),
    ).toEqual({ changes: false });
  });

  it("adopting a form that does not exist says so", async () => {
    await expect(call(formProvider, "create")({ name: "x", adoptId: "ap_1111111111111111111111" })).rejects.toThrow(
      /form ap_1111111111111111111111: adopt failed: there is no form with the id given in adoptId/,
    );
  });

  it("updating a form deleted out of band tells the user to refresh", async () => {
    const created = await call(formProvider, "create")({ name: "Gone soon" });
    await harness.admin("DELETE", `/forms/${created.id}`);
    await expect(call(formProvider, "update")(created.id, created.outs, { name: "Other" })).rejects.toThrow(
      /no longer exists.*pulumi refresh/,
    );
  });
});
