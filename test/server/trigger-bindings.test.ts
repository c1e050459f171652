/**
 * A trigger's bindings on the tenant server, as the TriggerBindings resource relies on them:
 * PATCH sets the whole list in its order, GET answers it page by page, and the tenant refuses
 * in the Auth0 error shape what the real service refuses (an unknown trigger, an action that
 * does not exist, is not deployed, or does not support the trigger).
 */
import { expectError, startHarness, type Harness } from "./helpers";

const BINDINGS = "/api/v2/actions/triggers/post-login/bindings";

describe("a trigger's bindings", () => {
  let harness: Harness;
  beforeAll(async () => (harness = await startHarness()));
  afterAll(() => harness.close());

  /** An action supporting `trigger`, deployed unless `deployed` is false: its id. */
  async function action(name: string, trigger = "post-login", deployed = true): Promise<string> {
    const created = await harness.call("POST", "/api/v2/actions/actions", {
      body: { name, supported_triggers: [{ id: trigger }], code: "exports.handler = async () => {};" },
    });
    expect(created.status).toBe(201);
    if (deployed)
      expect((await harness.call("POST", `/api/v2/actions/actions/${created.json.id}/deploy`)).status).toBe(200);
    return created.json.id as string;
  }
  const ref = (value: string, display_name?: string) => ({
    ref: { type: "action_id", value },
    ...(display_name ? { display_name } : {}),
  });

  test("PATCH sets the whole list in its order; GET answers it page by page", async () => {
    const ids = [await action("one"), await action("two"), await action("three")];
    const set = await harness.call("PATCH", BINDINGS, {
      body: { bindings: [ref(ids[2]!, "Third first"), ref(ids[0]!), ref(ids[1]!)] },
    });
    expect(set.status).toBe(200);
    const first = await harness.call("GET", `${BINDINGS}?page=0&per_page=2`);
    const second = await harness.call("GET", `${BINDINGS}?page=1&per_page=2`);
    expect(first.json).toMatchObject({ total: 3, page: 0, per_page: 2 });
    const names = [...first.json.bindings, ...second.json.bindings].map(
      (binding: { display_name: string; trigger_id: string; action: { id: string } }) => [
        binding.action.id,
        binding.display_name,
        binding.trigger_id,
      ],
    );
    expect(names).toEqual([
      [ids[2], "Third first", "post-login"],
      [ids[0], "one", "post-login"],
      [ids[1], "two", "post-login"],
    ]);
    expect((await harness.call("PATCH", BINDINGS, { body: { bindings: [] } })).status).toBe(200);
    expect((await harness.call("GET", BINDINGS)).json).toMatchObject({ bindings: [], total: 0 });
  });

  test("refuses an unknown trigger, an unknown, undeployed or unsupporting action", async () => {
    const login = await action("login-only");
    const draft = await action("draft-only", "post-login", false);
    const unknown = "2f5c4e9a-6d3b-4a8e-9c1f-7b2d5e8a4c60";
    expectError(await harness.call("GET", "/api/v2/actions/triggers/post-logon/bindings"), 400, "invalid_uri");
    const wrongTrigger = await harness.call("PATCH", "/api/v2/actions/triggers/pre-user-registration/bindings", {
      body: { bindings: [ref(login)] },
    });
    expect(expectError(wrongTrigger, 400, "invalid_body").message).toContain(
      "supports post-login, not pre-user-registration",
    );
    const notDeployed = await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(draft)] } });
    expect(expectError(notDeployed, 400, "invalid_body").message).toContain("is not deployed");
    const missing = await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(unknown)] } });
    expect(expectError(missing, 400, "invalid_body").message).toContain(`the action ${unknown} does not exist`);
    // Nothing was written by a refused PATCH.
    expect((await harness.call("GET", BINDINGS)).json.bindings).toEqual([]);
  });
});
