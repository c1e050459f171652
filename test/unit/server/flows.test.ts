/**
 * The flow runner's pure parts: templates resolved as the service resolves them, HTTP requests
 * with each vault connection's credentials, local actions, outside calls answered by the network
 * given, failures (the action named, the message shown, allow_failure), and no credential, field
 * or variable value in what a run reports.
 */
import {
  FLOW_FAILED_MESSAGE,
  INTEGRATION_ORIGIN,
  httpRequestOf,
  resolveTemplates,
  runFlow,
  type FlowRunContext,
  type IncomingResponse,
  type OutgoingRequest,
  type VaultConnection,
} from "../../../server/flows";

const scope = {
  fields: { email: "ada@example.com", age: 36 },
  vars: { profile: { tier: "gold" } },
  actions: { lookup: { body: { plan: "pro", seats: [1, 2] } } },
};

/** A network answering from a table of `METHOD url` → response, recording what it was sent. */
function network(answers: Record<string, Partial<IncomingResponse>>) {
  const sent: OutgoingRequest[] = [];
  return {
    sent,
    send(request: OutgoingRequest): IncomingResponse {
      sent.push(request);
      const answer = answers[`${request.method} ${request.url}`];
      if (!answer) throw new Error(`No fixture answers ${request.method} ${request.url}`);
      return { status: 200, headers: {}, body: "", ...answer };
    },
  };
}

function context(
  net: ReturnType<typeof network>,
  connections: VaultConnection[] = [],
  extra: Partial<FlowRunContext> = {},
): FlowRunContext {
  return {
    fields: { nickname: "ada-lovelace" },
    vars: { tier: "gold" },
    network: net,
    connection: (id) => connections.find((connection) => connection.id === id),
    ...extra,
  };
}

test("templates: a lone reference keeps its value's type, references in text become text, unknown ones stay", () => {
  expect(resolveTemplates("{{vars.profile}}", scope)).toEqual({ tier: "gold" });
  expect(resolveTemplates("{{ fields.age }}", scope)).toBe(36);
  expect(resolveTemplates({ to: "{{fields.email}}", n: ["{{actions.lookup.body.seats.1}}"] }, scope)).toEqual({
    to: "ada@example.com",
    n: [2],
  });
  expect(resolveTemplates("Hi {{fields.email}} ({{vars.profile}}) {{fields.none}}!", scope)).toBe(
    'Hi ada@example.com ({"tier":"gold"}) !',
  );
  expect(resolveTemplates("{{context.user.id}} {{functions.now()}}", scope)).toBe(
    "{{context.user.id}} {{functions.now()}}",
  );
  expect(resolveTemplates("{{fields.__proto__.polluted}}", scope)).toBeUndefined();
});

test("HTTP requests carry the vault connection's credentials as the service sends them", () => {
  const params = { url: "https://api.example.com/v1?x=1", method: "POST", params: { q: "a b" }, payload: { a: 1 } };
  expect(httpRequestOf(params, { type: "BEARER", token: "tok" })).toEqual({
    method: "POST",
    url: "https://api.example.com/v1?x=1&q=a+b",
    headers: { authorization: "Bearer tok", "content-type": "application/json" },
    body: '{"a":1}',
  });
  expect(
    httpRequestOf({ url: "https://a.example.com/" }, { type: "BASIC_AUTH", username: "u", password: "p" }).headers,
  ).toEqual({
    authorization: `Basic ${Buffer.from("u:p").toString("base64")}`,
  });
  expect(
    httpRequestOf({ url: "https://a.example.com/" }, { type: "API_KEY", name: "X-Key", value: "k", in: "HEADER" })
      .headers,
  ).toEqual({
    "x-key": "k",
  });
  expect(
    httpRequestOf({ url: "https://a.example.com/" }, { type: "API_KEY", name: "key", value: "k", in: "QUERY" }).url,
  ).toBe("https://a.example.com/?key=k");
  const form = httpRequestOf({
    url: "https://a.example.com/",
    method: "PUT",
    payload: { a: "x y" },
    content_type: "FORM",
  });
  expect(form).toMatchObject({ body: "a=x+y", headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(
    httpRequestOf({ url: "https://a.example.com/", basic: { username: "me", password: "pw" } }).headers.authorization,
  ).toBe(`Basic ${Buffer.from("me:pw").toString("base64")}`);
  expect(() => httpRequestOf({ url: "javascript:alert(1)" })).toThrow("is not an http(s) URL");
  expect(() => httpRequestOf({ url: "/relative" })).toThrow("is not an absolute URL");
});

test("a flow runs its actions in order: outputs and stored variables feed the next, the connection's token is fetched", () => {
  const net = network({
    "POST https://auth.example.com/token": {
      body: '{"access_token":"minted-token-123"}',
      headers: { "content-type": "application/json" },
    },
    "GET https://crm.example.com/plans?nick=ada-lovelace": { body: '{"plan":"pro"}' },
    [`POST ${INTEGRATION_ORIGIN}/SLACK/POST_MESSAGE`]: { body: '{"ok":true}' },
  });
  const oauth: VaultConnection = {
    id: "ac_crm",
    name: "crm",
    app_id: "HTTP",
    setup: {
      type: "OAUTH_CLIENT_CREDENTIALS",
      client_id: "cid",
      client_secret: "client-secret-xyz",
      token_endpoint: "https://auth.example.com/token",
    },
  };
  const slack: VaultConnection = {
    id: "ac_slack",
    name: "slack",
    app_id: "SLACK",
    setup: { type: "WEBHOOK", url: "https://hooks" },
  };
  const result = runFlow(
    {
      id: "af_1",
      name: "enrich",
      actions: [
        {
          id: "lookup",
          type: "HTTP",
          action: "SEND_REQUEST",
          params: {
            connection_id: "ac_crm",
            url: "https://crm.example.com/plans",
            params: { nick: "{{fields.nickname}}" },
          },
        },
        { id: "keep", type: "FLOW", action: "STORE_VARS", params: { vars: { plan: "{{actions.lookup.body.plan}}" } } },
        {
          id: "label",
          type: "FLOW",
          action: "MAP_VALUE",
          params: { input: "{{vars.plan}}", cases: { pro: "Professional" }, fallback: "Basic" },
        },
        { id: "json", type: "JSON", action: "PARSE_JSON", params: { json: '{"n":1}' } },
        {
          id: "tell",
          type: "SLACK",
          action: "POST_MESSAGE",
          params: { connection_id: "ac_slack", text: "{{actions.label}} for {{vars.tier}}" },
        },
      ],
    },
    context(net, [oauth, slack]),
  );
  expect(result).toMatchObject({ outcome: "ok", vars: { tier: "gold", plan: "pro" } });
  expect(result.actions).toMatchObject({
    label: "Professional",
    json: { n: 1 },
    tell: { ok: true },
    lookup: { status: 200, body: { plan: "pro" } },
  });
  expect(net.sent[0].body).toBe("grant_type=client_credentials&client_id=cid&client_secret=client-secret-xyz");
  expect(net.sent[1].headers.authorization).toBe("Bearer minted-token-123");
  expect(JSON.parse(net.sent[2].body!)).toEqual({ text: "Professional for gold" });
  expect(result.calls.map((call) => `${call.method} ${call.url} ${call.status}`)).toEqual([
    "POST https://auth.example.com/token 200",
    "GET https://crm.example.com/plans?nick=[secret] 200",
    `POST ${INTEGRATION_ORIGIN}/SLACK/POST_MESSAGE 200`,
  ]);
});

test("a failing action stops the flow, named, with the message to show; allow_failure goes on", () => {
  const net = network({ "GET https://down.example.com/": { status: 503 } });
  const fail = (actions: unknown[], connections: VaultConnection[] = []) =>
    runFlow({ id: "af_2", name: "f", actions }, context(net, connections));
  expect(
    fail([{ id: "call", type: "HTTP", action: "SEND_REQUEST", params: { url: "https://down.example.com/" } }]),
  ).toMatchObject({
    outcome: "error",
    failedAction: "call",
    error: "GET https://down.example.com/ answered 503.",
    message: FLOW_FAILED_MESSAGE,
  });
  expect(
    fail([{ id: "oops", type: "FLOW", action: "ERROR_MESSAGE", params: { message: "Sorry {{vars.tier}}" } }]),
  ).toMatchObject({
    failedAction: "oops",
    message: "Sorry gold",
  });
  expect(fail([{ id: "x", type: "XML", action: "PARSE_XML", params: { xml: "<a/>" } }]).error).toMatch(
    /^XML PARSE_XML is not run locally/,
  );
  expect(fail([{ id: "j", type: "JSON", action: "PARSE_JSON", params: { json: "{nope" } }]).error).toMatch(
    /^The text is not JSON/,
  );
  expect(
    fail([
      {
        id: "v",
        type: "HTTP",
        action: "SEND_REQUEST",
        params: { connection_id: "ac_gone", url: "https://a.example.com/" },
      },
    ]).error,
  ).toBe('The flow vault connection "ac_gone" does not exist: create it, or fix the action\'s connection_id.');
  const slack: VaultConnection = { id: "ac_s", name: "s", app_id: "SLACK", setup: {} };
  expect(
    fail(
      [
        {
          id: "w",
          type: "HTTP",
          action: "SEND_REQUEST",
          params: { connection_id: "ac_s", url: "https://a.example.com/" },
        },
      ],
      [slack],
    ).error,
  ).toContain("is a SLACK connection; this action needs a HTTP one");
  const goesOn = fail([
    {
      id: "call",
      type: "HTTP",
      action: "SEND_REQUEST",
      allow_failure: true,
      params: { url: "https://down.example.com/" },
    },
    { id: "after", type: "FLOW", action: "STORE_VARS", params: { vars: { went: "on" } } },
  ]);
  expect(goesOn).toMatchObject({
    outcome: "ok",
    vars: { went: "on" },
    actions: { call: { error: expect.stringContaining("503") } },
  });
});

test("no credential, field or variable value shows in a run's calls or error", () => {
  const net = network({});
  const key: VaultConnection = {
    id: "ac_k",
    name: "k",
    app_id: "HTTP",
    setup: { type: "API_KEY", name: "api_key", value: "sk_live_SECRET", in: "QUERY" },
  };
  const result = runFlow(
    {
      id: "af_3",
      name: "leaky",
      actions: [
        {
          id: "call",
          type: "HTTP",
          action: "SEND_REQUEST",
          params: { connection_id: "ac_k", url: "https://a.example.com/{{fields.nickname}}/{{vars.tier}}" },
        },
      ],
    },
    context(net, [key]),
  );
  expect(result.outcome).toBe("error");
  const shown = JSON.stringify(result.calls) + result.error;
  expect(shown).toContain("https://a.example.com/[secret]/[secret]?api_key=[secret]");
  for (const secret of ["sk_live_SECRET", "ada-lovelace", "gold"]) expect(shown).not.toContain(secret);
});
