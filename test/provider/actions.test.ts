/**
 * Actions through the module made from their table entry: every create and update ends with
 * the action built and deployed (`deploy: false` keeps a draft); secret values are carried by
 * name from the inputs (the tenant answers names only), a rotated one is an update; a refresh
 * sees code edited by hand and a draft left undeployed, each on its field; the tenant builds and
 * deploys in the background, as the service does, so every write here waits for it; a build
 * that fails on a dependency is an error naming it.
 */
import { call, dispatchingProvider, PROVIDER_TEXT, startHarness, type ProviderHarness } from "./helpers";

jest.setTimeout(120_000);

const provider = dispatchingProvider("action");
const CODE = "exports.onExecutePostLogin = async (event, api) => { api.prompt.render(event.secrets.FORM_ID); };";
const SECRET = "ap_provider-secret-value-7Q";

type Json = Record<string, unknown>;

let harness: ProviderHarness;
beforeAll(async () => {
  harness = await startHarness({ rateLimit: 100_000 });
});
afterAll(async () => harness.close());

const inputsOf = (extra: Json = {}): Json => ({
  name: `render-form-${Math.random().toString(36).slice(2, 8)}`,
  supported_triggers: [{ id: "post-login" }],
  code: CODE,
  secrets: [{ name: "FORM_ID", value: SECRET }],
  __provider: PROVIDER_TEXT,
  ...extra,
});

async function created(inputs: Json): Promise<{ id: string; outs: Json }> {
  const checked = await call(provider, "check")({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  return (await call(provider, "create")(checked.inputs)) as { id: string; outs: Json };
}

describe("an action through the provider", () => {
  it("check names a secret whose name the code cannot read", async () => {
    const checked = await call(provider, "check")({}, inputsOf({ secrets: [{ name: "form id", value: "x" }] }));
    expect(checked.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(/^secrets/)]);
  });

  it("a create ends deployed; the secret's value is carried, never read back; a refresh and diff change nothing", async () => {
    const inputs = inputsOf();
    const { id, outs } = await created(inputs);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The program leaves `deploy` out (deployed by default), and its outputs do too.
    expect(outs).not.toHaveProperty("deploy");
    expect(outs).toMatchObject({
      supported_triggers: [{ id: "post-login" }],
      all_changes_deployed: true,
      status: "built",
      secrets: [{ name: "FORM_ID", value: SECRET }],
    });
    const server = await harness.admin("GET", `/actions/actions/${id}`);
    expect(server.json).toMatchObject({ all_changes_deployed: true, deployed_version: { number: 1 } });
    expect(JSON.stringify(server.json)).not.toContain(SECRET);
    const read = await call(provider, "read")(id, outs);
    expect(read.props).toMatchObject({ secrets: [{ name: "FORM_ID", value: SECRET }] });
    expect(read.props).not.toHaveProperty("deploy");
    expect(await call(provider, "diff")(id, read.props, inputs)).toMatchObject({ changes: false });
    await call(provider, "delete")(id, read.props);
  });

  it("a rotated secret is an update in place, deployed as a new version", async () => {
    const inputs = inputsOf();
    const { id, outs } = await created(inputs);
    const rotated = { ...inputs, secrets: [{ name: "FORM_ID", value: `${SECRET}-rotated` }] };
    const diff = await call(provider, "diff")(id, outs, rotated);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    const updated = await call(provider, "update")(id, outs, rotated);
    expect(updated.outs).toMatchObject({ all_changes_deployed: true, secrets: [{ value: `${SECRET}-rotated` }] });
    expect((await harness.admin("GET", `/actions/actions/${id}`)).json.deployed_version.number).toBe(2);
    await call(provider, "delete")(id, updated.outs);
  });

  it("deploy: false keeps a draft: nothing deployed, and no drift for it", async () => {
    const inputs = inputsOf({ deploy: false });
    const { id, outs } = await created(inputs);
    const server = await harness.admin("GET", `/actions/actions/${id}`);
    expect(server.json.all_changes_deployed).toBe(false);
    expect(server.json.deployed_version).toBeUndefined();
    const read = await call(provider, "read")(id, outs);
    expect(await call(provider, "diff")(id, read.props, inputs)).toMatchObject({ changes: false });
    // Asking to deploy it later is an update that deploys (the PATCH would be empty).
    const deploying = { ...inputs, deploy: true };
    expect(await call(provider, "diff")(id, read.props, deploying)).toMatchObject({ changes: true });
    const updated = await call(provider, "update")(id, read.props, deploying);
    expect(updated.outs).toMatchObject({ deploy: true, all_changes_deployed: true });
    await call(provider, "delete")(id, updated.outs);
  });

  it("a refresh sees code edited by hand and left undeployed, each on its field; an update puts it back deployed", async () => {
    const inputs = inputsOf();
    const { id, outs } = await created(inputs);
    await harness.admin("PATCH", `/actions/actions/${id}`, { code: `${CODE}\n// edited in the dashboard` });
    const read = await call(provider, "read")(id, outs);
    expect(read.props).toMatchObject({ code: `${CODE}\n// edited in the dashboard`, deploy: false });
    const diff = await call(provider, "diff")(id, read.props, inputs);
    expect(diff).toMatchObject({ changes: true });
    // Those two fields and nothing else differ from what the program says.
    const differing = ["name", "code", "secrets"].filter(
      (key) => JSON.stringify(read.props![key]) !== JSON.stringify(inputs[key]),
    );
    expect(differing.sort()).toEqual(["code"]);
    expect(inputs.deploy ?? true).toBe(true);
    const updated = await call(provider, "update")(id, read.props, inputs);
    expect(updated.outs).toMatchObject({ code: CODE, all_changes_deployed: true });
    expect(updated.outs).not.toHaveProperty("deploy");
    const server = (await harness.admin("GET", `/actions/actions/${id}`)).json;
    expect(server).toMatchObject({ code: CODE, all_changes_deployed: true });
    await call(provider, "delete")(id, updated.outs);
  });

  it("adoptId takes an existing deployed action over: no second action, nothing written while it matches", async () => {
    const name = `adopt-me-${Math.random().toString(36).slice(2, 8)}`;
    const existing = (
      await harness.admin("POST", "/actions/actions", {
        name,
        supported_triggers: [{ id: "post-login" }],
        code: CODE,
        secrets: [{ name: "FORM_ID", value: SECRET }],
        deploy: true,
      })
    ).json;
    // The tenant deploys in the background: adopt it once it is live, as one would a real tenant's.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await harness.admin("GET", `/actions/actions/${existing.id}`)).json.all_changes_deployed) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const inputs = inputsOf({ name, adoptId: existing.id });
    const { id, outs } = await created(inputs);
    expect(id).toBe(existing.id);
    expect(outs).toMatchObject({ all_changes_deployed: true, secrets: [{ name: "FORM_ID", value: SECRET }] });
    const after = (await harness.admin("GET", `/actions/actions/${id}`)).json;
    expect(after.deployed_version.number).toBe(1);
    expect(after.updated_at).toBe(existing.updated_at);
    const listed = await harness.admin("GET", `/actions/actions?actionName=${name}`);
    expect(listed.json.total).toBe(1);
    await call(provider, "delete")(id, outs);
  });

  it("a build that fails on a dependency is an error naming it; the draft is kept", async () => {
    const inputs = inputsOf({ dependencies: [{ name: "crypto", version: "17.7.1" }] });
    const checked = await call(provider, "check")({}, inputs);
    const error = await call(
      provider,
      "create",
    )(checked.inputs).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toMatch(/its build failed installing its dependencies \(crypto@17\.7\.1\)/);
    expect(error?.message).toContain(String(inputs.name));
    expect(error?.message).toMatch(/deploy: false/);
    const listed = await harness.admin("GET", `/actions/actions?actionName=${encodeURIComponent(String(inputs.name))}`);
    expect(listed.json.total).toBe(1);
  });

  it("code that does not parse is deployed, as the service deploys it", async () => {
    const inputs = inputsOf({ code: `${CODE}"` });
    const { id, outs } = await created(inputs);
    expect(outs).toMatchObject({ all_changes_deployed: true, status: "built" });
    await call(provider, "delete")(id, outs);
  });
});
