/** Adoption shown before it happens: check names the adopted object and the fields `up` will change. */
import { call, eventStreamProvider, formProvider, startHarness, type ProviderHarness } from "./helpers";

describe("adoption at preview", () => {
  let harness: ProviderHarness;
  let warnings: string[];
  let spy: jest.SpyInstance;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());
  beforeEach(() => {
    warnings = [];
    // Outside the engine, warnings go to stderr (in the engine: its log, under Diagnostics).
    spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      warnings.push(String(chunk));
      return true;
    });
  });
  afterEach(() => spy.mockRestore());

  it("states which form it adopts and which fields change, and writes nothing", async () => {
    const existing = (await harness.admin("POST", "/forms", { name: "Hand-made", style: { css: "a{}" } })).json;
    harness.server.counters.reset();
    const checked = await call(formProvider, "check")(
      {},
      { name: "Sign-up", style: { css: "a{}" }, adoptId: existing.id },
    );
    expect(checked.failures).toEqual([]);
    expect(warnings.join("")).toBe(
      `warning: adoptId: \`pulumi up\` adopts the existing form ${existing.id} ("Hand-made") and changes name.\n`,
    );
    const counts = harness.server.counters.snapshot();
    expect(Object.keys(counts).filter((key) => !key.startsWith("GET") && key !== "POST /oauth/token")).toEqual([]);
  });

  it("says so when the adopted object already matches", async () => {
    const existing = (
      await harness.admin("POST", "/event-streams", {
        name: "bridge",
        subscriptions: [{ event_type: "user.created" }],
        destination: {
          type: "eventbridge",
          configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" },
        },
      })
    ).json;
    const inputs = {
      name: "bridge",
      subscriptions: [{ event_type: "user.created" }],
      adoptId: existing.id,
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
    };
    expect((await call(eventStreamProvider, "check")({}, inputs)).failures).toEqual([]);
    expect(warnings.join("")).toContain(
      `adopts the existing event stream ${existing.id} ("bridge") as it is: no change to it.`,
    );
  });

  it("refuses an adoptId that names no object, at preview", async () => {
    const checked = await call(formProvider, "check")({}, { name: "x", adoptId: "ap_1111111111111111111111" });
    expect(checked.failures).toEqual([
      {
        property: "adoptId",
        reason: expect.stringMatching(
          /^there is no form ap_1111111111111111111111 in the tenant .*; correct adoptId or remove it to create a new form$/,
        ),
      },
    ]);
  });

  it("refuses to adopt an object another resource of the stack already manages", async () => {
    const managed = await call(formProvider, "create")({ name: "Managed" });
    // The engine diffs the managing resource in the same provider process: the id is now known as taken.
    await call(formProvider, "diff")(managed.id, managed.outs, { name: "Managed" });
    const checked = await call(formProvider, "check")({}, { name: "Managed", adoptId: managed.id });
    expect(checked.failures).toEqual([
      {
        property: "adoptId",
        reason: `form ${managed.id} is already managed by another resource of this stack; remove adoptId here, or remove the other resource from the program`,
      },
    ]);
  });

  it("refuses at create too an adoption of an object this run already manages", async () => {
    const managed = await call(formProvider, "create")({ name: "Managed at create" });
    const error = (await call(
      formProvider,
      "create",
    )({ name: "x", adoptId: managed.id }).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("ConflictError");
    expect(error.message).toBe(
      `form ${managed.id}: adopt failed: another resource of this stack already manages form ${managed.id}. ` +
        "Remove adoptId here, or remove the other resource from the program",
    );
  });

  it("an adopted object a refresh found deleted is no one's: check warns it is created again, create makes a new one", async () => {
    const existing = (await harness.admin("POST", "/forms", { name: "Adopted then deleted" })).json;
    const adopted = await call(formProvider, "create")({ name: "Adopted then deleted", adoptId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect((await harness.admin("DELETE", `/forms/${existing.id}`)).status).toBe(204);
    // The refresh: read finds it gone, and the engine plans a create of the same resource.
    expect(await call(formProvider, "read")(existing.id, adopted.outs)).toEqual({});
    const inputs = { name: "Adopted then deleted", adoptId: existing.id };
    expect((await call(formProvider, "check")({}, inputs)).failures).toEqual([]);
    expect(warnings.join("")).toContain(
      `adoptId: the form ${existing.id} that this resource adopted was deleted outside Pulumi; ` +
        "the update creates a new form in its place",
    );
    const created = await call(formProvider, "create")(inputs);
    expect(created.id).not.toBe(existing.id);
    expect((await harness.admin("GET", `/forms/${created.id}`)).json).toMatchObject({ name: "Adopted then deleted" });
  });
});
