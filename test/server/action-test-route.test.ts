/**
 * `POST /api/v2/actions/actions/{id}/test`: off unless the server runs actions; on, it runs the
 * action's code with `{payload}` as the event (and `fixtures` answering its network requests)
 * and answers `{payload}` with the recorded calls, logs, requests, error and duration; the server
 * answers the next request whatever the code did. A declared dependency is fetched from the npm
 * registry once and loaded: `axios` runs against a fixture.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_CONCURRENT_RUNS } from "../../server/sandbox";
import { expectError, removeDir, startHarness, tempDir, tokenFor, type Harness } from "./helpers";
import { ACTION_NOT_FOUND } from "../fixtures/service/actions";

jest.setTimeout(180_000);

const FORM_ON_LOGIN = `
exports.onExecutePostLogin = async (event, api) => {
  console.log("checking", event.user.email);
  if (!event.user.user_metadata.company) {
    api.prompt.render("ap_company_form", { vars: { key: event.secrets.KEY ?? "none" } });
  }
};`;

async function createAction(
  harness: Harness,
  code: string,
  trigger = "post-login",
  dependencies: { name: string; version: string }[] = [],
): Promise<string> {
  const reply = await harness.call("POST", "/api/v2/actions/actions", {
    body: {
      name: `action-${Math.random().toString(36).slice(2)}`,
      supported_triggers: [{ id: trigger }],
      code,
      dependencies,
    },
  });
  expect(reply.status).toBe(201);
  return reply.json.id as string;
}

/** The axios the repository installs: its exact version is in the npm cache, so the first fetch is quick. */
const AXIOS_VERSION = (
  JSON.parse(readFileSync(join(__dirname, "../../node_modules/axios/package.json"), "utf8")) as {
    version: string;
  }
).version;

const CRM_LOOKUP = `
const axios = require("axios");
exports.onExecutePostLogin = async (event, api) => {
  const { data, status } = await axios.get("https://crm.example.com/companies", { params: { email: event.user.email } });
  console.log("crm answered", status);
  if (data.company) api.user.setAppMetadata("company", data.company);
  else api.prompt.render("ap_company_form");
};`;

describe("with --run-actions", () => {
  let harness: Harness;
  let cache: string;
  beforeAll(async () => {
    cache = tempDir("action-deps-");
    harness = await startHarness({ runActions: { timeoutMs: 1500, dependencyCache: cache } });
  });
  afterAll(async () => {
    await harness.close();
    removeDir(cache);
  });

  test("an action that requires axios (declared at an exact version) runs against the test's fixture", async () => {
    const id = await createAction(harness, CRM_LOOKUP, "post-login", [{ name: "axios", version: AXIOS_VERSION }]);
    const url = "https://crm.example.com/companies?email=ann%40example.com";
    const reply = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, {
      body: {
        payload: { user: { email: "ann@example.com" } },
        fixtures: [{ request: { method: "GET", url }, response: { status: 200, body: { company: "Acme" } } }],
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.payload.error).toBeUndefined();
    expect(reply.json.payload.calls).toEqual([{ method: "api.user.setAppMetadata", args: ["company", "Acme"] }]);
    expect(reply.json.payload.logs).toEqual([{ level: "log", message: "crm answered 200" }]);
    expect(reply.json.payload.requests).toEqual([{ method: "GET", url, status: 200 }]);
    // Fetched once: the cache holds it, and the next run loads it from there.
    expect(
      readFileSync(join(cache, `axios@${AXIOS_VERSION}`, "node_modules", "axios", "package.json"), "utf8"),
    ).toContain(`"version": "${AXIOS_VERSION}"`);
    const unmatched = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, {
      body: { payload: { user: { email: "bob@example.com" } } },
    });
    // axios says "Network Error"; the run's error adds which request had no fixture.
    expect(unmatched.json.payload.error.message).toMatch(
      /^Network Error \(No fixture answers GET https:\/\/crm\.example\.com\/companies\?email=bob%40example\.com.*"fixtures"/,
    );
    expect(unmatched.json.payload.requests).toEqual([
      { method: "GET", url: "https://crm.example.com/companies?email=bob%40example.com", error: expect.any(String) },
    ]);
  });

  test("fixtures that are not fixtures are a 400 naming the first wrong one", async () => {
    const id = await createAction(harness, FORM_ON_LOGIN);
    const bad = expectError(
      await harness.call("POST", `/api/v2/actions/actions/${id}/test`, {
        body: {
          payload: {},
          fixtures: [{ request: { url: "https://a.example/" } }, { request: { url: "not a url" } }],
        },
      }),
      400,
      "invalid_body",
    );
    expect(bad.message).toMatch(/fixtures\[1\]\.request\.url: expected an absolute URL/);
  });

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
        requests: [],
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
    // The service's 404 for an action, as every action route answers it.
    const unknown = await harness.call("POST", "/api/v2/actions/actions/00000000-0000-4000-8000-000000000000/test", {
      body: { payload: {} },
    });
    expect({ status: unknown.status, body: unknown.json }).toEqual({ status: 404, body: ACTION_NOT_FOUND });
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

test("offline, a dependency that is not cached is the run's error, saying what to run", async () => {
  const cache = tempDir("action-deps-offline-");
  // npm sees an unreachable registry and no retries: the machine is offline as far as it knows.
  const saved = { registry: process.env.npm_config_registry, retries: process.env.npm_config_fetch_retries };
  process.env.npm_config_registry = "http://127.0.0.1:9/";
  process.env.npm_config_fetch_retries = "0";
  const harness = await startHarness({ runActions: { dependencyCache: cache } });
  try {
    const id = await createAction(harness, CRM_LOOKUP, "post-login", [{ name: "left-pad", version: "1.3.0" }]);
    const reply = await harness.call("POST", `/api/v2/actions/actions/${id}/test`, { body: { payload: {} } });
    expect(reply.status).toBe(200);
    expect(reply.json.payload.error).toMatchObject({ name: "DependencyError" });
    expect(reply.json.payload.error.message).toMatch(
      /left-pad@1\.3\.0 is not in the local cache .* run: npm install --prefix ".*left-pad@1\.3\.0" --ignore-scripts .* left-pad@1\.3\.0/,
    );
  } finally {
    await harness.close();
    for (const [key, value] of [
      ["npm_config_registry", saved.registry],
      ["npm_config_fetch_retries", saved.retries],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    removeDir(cache);
  }
});
