/**
 * `POST /api/v2/actions/actions/{id}/test`: off unless the server runs actions; on, it runs the
 * action's code with `{payload}` as the event and answers `{payload}` with the recorded calls,
 * logs, error and duration; the server answers the next request whatever the code did.
 */
import { MAX_CONCURRENT_RUNS } from "../../server/sandbox";
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

const FORM_ON_LOGIN = `
exports.onExecutePostLogin = async (event, api) => {
  console.log("checking", event.user.email);
  if (!event.user.user_metadata.company) {
    api.prompt.render("ap_company_form", { vars: { key: event.secrets.KEY ?? "none" } });
  }
};`;

async function createAction(harness: Harness, code: string, trigger = "post-login"): Promise<string> {
  const reply = await harness.call("POST", "/api/v2/actions/actions", {
    body: { name: `action-${Math.random().toString(36).slice(2)}`, supported_triggers: [{ id: trigger }], code },
  });
  expect(reply.status).toBe(201);
  return reply.json.id as string;
}

describe("with --run-actions", () => {
  let harness: Harness;
  beforeAll(async () => (harness = await startHarness({ runActions: { timeoutMs: 1500 } })));
  afterAll(() => harness.close());

  test("runs the draft code with the payload as the event and answers what it recorded", async () => {
    const id = await createAction(harness, FORM_ON_LOGIN);
    const reply = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, {
      body: { payload: { user: { email: "ann@example.com" } } },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      payload: {
        handler: "onExecutePostLogin",
        calls: [{ method: "api.prompt.render", args: ["ap_company_form", { vars: { key: "none" } }] }],
        logs: [{ level: "log", message: "checking ann@example.com" }],
        duration_ms: expect.any(Number),
      },
    });
    const withCompany = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, {
      body: { payload: { user: { user_metadata: { company: "Acme" } } } },
    });
    expect(withCompany.json.payload.calls).toEqual([]);
  });

  test("an endless loop answers its error, and the server answers the next request", async () => {
    const id = await createAction(harness, "exports.onExecutePostLogin = () => { for (;;) {} };");
    const reply = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: { payload: {} } });
    expect(reply.status).toBe(200);
    expect(reply.json.payload.error).toMatchObject({ name: "TimeoutError" });
    expect((await harness.call("GET", `/api/v2/actions/actions/${id}`)).status).toBe(200);
  });

  test("more runs at once than the cap get 429 in the service's error shape; the others finish", async () => {
    const id = await createAction(harness, "exports.onExecutePostLogin = () => { for (;;) {} };");
    const replies = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_RUNS + 1 }, () =>
        harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: { payload: {} } }),
      ),
    );
    const limited = replies.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(1);
    expectError(limited[0], 429, "too_many_requests");
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(MAX_CONCURRENT_RUNS);
  });

  test("bad requests: a payload that is not an object, an unknown action, a trigger the runner lacks, no scope", async () => {
    const id = await createAction(harness, FORM_ON_LOGIN);
    expectError(await harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: {} }), 400, "invalid_body");
    expectError(
      await harness.call("POST", "/api/v2/actions/actions/00000000-0000-4000-8000-000000000000/test", {
        body: { payload: {} },
      }),
      404,
      "inexistent_action",
    );
    const stream = await createAction(harness, "", "event-stream");
    const refused = expectError(
      await harness.call("POST", `/api/v2/actions/actions/${stream}/test`, { body: { payload: {} } }),
      400,
    );
    expect(refused.message).toMatch(/cannot run event-stream actions; it runs: post-login/);
    harness.server.addClient({
      client_id: "reader",
      client_secret: "reader-secret",
      scopes: ["read:actions"],
      global: false,
    });
    const token = await tokenFor(harness.server, "reader", "reader-secret");
    expectError(
      await harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: { payload: {} }, token }),
      403,
      "insufficient_scope",
    );
  });
});

test("without --run-actions the route answers 403 saying how to enable it, and runs nothing", async () => {
  const harness = await startHarness();
  try {
    const id = await createAction(harness, FORM_ON_LOGIN);
    const body = expectError(
      await harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: { payload: {} } }),
      403,
      "actions_not_runnable",
    );
    expect(body.message).toMatch(/--run-actions/);
  } finally {
    await harness.close();
  }
});
