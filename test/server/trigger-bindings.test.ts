/**
 * A trigger's bindings on the tenant server, held to the real service's answers
 * (test/fixtures/service/actions.ts): PATCH sets the whole list in its order and makes every
 * binding anew (new ids), a binding answers its action summarised, GET pages as the service
 * pages; the tenant refuses what the service refuses; and a refused first PATCH on a fresh
 * tenant breaks nothing after it.
 */
import { BINDING, BINDINGS_EMPTY, BINDINGS_FIRST_PAGE, BINDINGS_LATER_PAGE } from "../fixtures/service/actions";
import { expectError, startHarness, type Harness } from "./helpers";

const BINDINGS = "/api/v2/actions/triggers/post-login/bindings";
const keys = (value: unknown) => Object.keys(value as object);

/** An action supporting `trigger`, deployed and live unless `deployed` is false: its id. */
async function action(harness: Harness, name: string, trigger = "post-login", deployed = true): Promise<string> {
  const created = await harness.call("POST", "/api/v2/actions/actions", {
    body: { name, supported_triggers: [{ id: trigger }], code: "exports.handler = async () => {};", deploy: deployed },
  });
  expect(created.status).toBe(201);
  for (let attempt = 0; deployed && attempt < 100; attempt += 1) {
    if ((await harness.call("GET", `/api/v2/actions/actions/${created.json.id}`)).json.all_changes_deployed) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return created.json.id as string;
}
const ref = (value: string, display_name?: string) => ({
  ref: { type: "action_id", value },
  ...(display_name ? { display_name } : {}),
});

test("on a fresh tenant, a refused first PATCH leaves the bindings and the actions' deletes working", async () => {
  const harness = await startHarness();
  try {
    const missing = "2f5c4e9a-6d3b-4a8e-9c1f-7b2d5e8a4c60";
    expectError(await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(missing)] } }), 400, "invalid_body");
    expect((await harness.call("GET", BINDINGS)).json).toEqual({ bindings: [], per_page: 20 });
    const id = await action(harness, "after-refusal");
    expect((await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(id)] } })).status).toBe(200);
    expect((await harness.call("DELETE", `/api/v2/actions/actions/${id}?force=true`)).status).toBe(204);
  } finally {
    await harness.close();
  }
});

describe("a trigger's bindings", () => {
  let harness: Harness;
  beforeAll(async () => (harness = await startHarness()));
  afterAll(() => harness.close());

  test("PATCH sets the whole list in its order, with new ids each time; GET pages as the service does", async () => {
    const ids = [await action(harness, "one"), await action(harness, "two"), await action(harness, "three")];
    const set = await harness.call("PATCH", BINDINGS, {
      body: { bindings: [ref(ids[2]!, "Third first"), ref(ids[0]!), ref(ids[1]!)] },
    });
    expect(set.status).toBe(200);
    expect(keys(set.json)).toEqual(["bindings"]);
    const binding = set.json.bindings[0];
    expect(keys(binding)).toEqual(keys(BINDING));
    expect(keys(binding.action)).toEqual(keys(BINDING.action));
    expect(binding.action).not.toHaveProperty("code");

    const first = await harness.call("GET", `${BINDINGS}?page=0&per_page=2`);
    const second = await harness.call("GET", `${BINDINGS}?page=1&per_page=2`);
    const past = await harness.call("GET", `${BINDINGS}?page=1&per_page=100`);
    expect(keys(first.json)).toEqual(keys(BINDINGS_FIRST_PAGE));
    expect(first.json).toMatchObject({ total: 3, per_page: 2 });
    expect(keys(second.json)).toEqual(["bindings", "page", "per_page"]);
    expect(past.json).toEqual({ ...BINDINGS_LATER_PAGE, bindings: [] });
    const names = [...first.json.bindings, ...second.json.bindings].map(
      (each: { display_name: string; trigger_id: string; action: { id: string } }) => [
        each.action.id,
        each.display_name,
        each.trigger_id,
      ],
    );
    expect(names).toEqual([
      [ids[2], "Third first", "post-login"],
      [ids[0], "one", "post-login"],
      [ids[1], "two", "post-login"],
    ]);

    const again = await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(ids[2]!, "Third first")] } });
    expect(again.json.bindings[0].id).not.toBe(binding.id);
    const emptied = await harness.call("PATCH", BINDINGS, { body: { bindings: [] } });
    expect(emptied.json).toEqual({ bindings: [] });
    expect((await harness.call("GET", `${BINDINGS}?per_page=50`)).json).toEqual(BINDINGS_EMPTY);
  });

  test("refuses an unknown trigger, an entity-bound one, an unknown, undeployed or unsupporting action", async () => {
    const login = await action(harness, "login-only");
    const draft = await action(harness, "draft-only", "post-login", false);
    const stream = await action(harness, "stream-only", "event-stream");
    const unknown = "2f5c4e9a-6d3b-4a8e-9c1f-7b2d5e8a4c60";
    expectError(await harness.call("GET", "/api/v2/actions/triggers/post-logon/bindings"), 400, "invalid_uri");
    const wrongTrigger = await harness.call("PATCH", "/api/v2/actions/triggers/pre-user-registration/bindings", {
      body: { bindings: [ref(login)] },
    });
    expect(expectError(wrongTrigger, 400, "invalid_body").message).toContain(
      "supports post-login, not pre-user-registration",
    );
    const entityBound = await harness.call("PATCH", "/api/v2/actions/triggers/event-stream/bindings", {
      body: { bindings: [ref(stream)] },
    });
    expect(expectError(entityBound, 400, "invalid_body").message).toContain("entity-bound");
    const notDeployed = await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(draft)] } });
    expect(expectError(notDeployed, 400, "invalid_body").message).toContain("is not deployed");
    const missing = await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(unknown)] } });
    expect(expectError(missing, 400, "invalid_body").message).toContain(`the action ${unknown} does not exist`);
    // Nothing was written by a refused PATCH.
    expect((await harness.call("GET", BINDINGS)).json.bindings).toEqual([]);
  });

  test("a binding's action summary says all_changes_deployed false, as the service's, while all is live", async () => {
    const id = await action(harness, "summarised");
    const own = (await harness.call("GET", `/api/v2/actions/actions/${id}`)).json;
    expect(own.all_changes_deployed).toBe(true);
    const set = await harness.call("PATCH", BINDINGS, {
      body: { bindings: [{ ref: { type: "action_name", value: "summarised" }, display_name: "By name" }] },
    });
    const summary = set.json.bindings[0].action;
    expect(summary).toEqual({
      id,
      name: "summarised",
      supported_triggers: [{ id: "post-login", version: "v3" }],
      created_at: own.created_at,
      updated_at: own.updated_at,
      current_version: own.current_version,
      deployed_version: own.deployed_version,
      all_changes_deployed: false,
    });
    expect((await harness.call("GET", BINDINGS)).json.bindings[0]).toMatchObject({
      display_name: "By name",
      action: summary,
    });
    await harness.call("PATCH", BINDINGS, { body: { bindings: [] } });
  });

  test("an entity-bound trigger's bindings cannot be listed: 400 in the service's words, no error code", async () => {
    for (const trigger of ["event-stream", "custom-token-exchange", "password-hash-migration"]) {
      const reply = await harness.call("GET", `/api/v2/actions/triggers/${trigger}/bindings`);
      expect({ status: reply.status, body: reply.json }).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: "Bad Request",
          message: "cannot list action bindings for an entity-bound trigger",
        },
      });
    }
  });

  test("a bound action's delete needs force, which unbinds it", async () => {
    const id = await action(harness, "bound");
    await harness.call("PATCH", BINDINGS, { body: { bindings: [ref(id)] } });
    const refused = expectError(await harness.call("DELETE", `/api/v2/actions/actions/${id}`), 400, "invalid_body");
    expect(refused.message).toMatch(/bound to post-login/);
    expect((await harness.call("DELETE", `/api/v2/actions/actions/${id}?force=true`)).status).toBe(204);
    expect((await harness.call("GET", BINDINGS)).json.bindings).toEqual([]);
  });
});
