/**
 * The official `auth0` SDK (v7) against the server, unchanged: every operation of the
 * four areas, the actions' life cycle (deploy, versions, bindings) and the SDK's typed errors.
 *
 * The SDK always builds `https://{domain}` URLs, for the token request too. Its
 * documented `fetch` option is used by both the API calls and the token provider, so a
 * fetch that swaps the scheme aims it at the plain-HTTP local server. (The --tls route,
 * with NODE_EXTRA_CA_CERTS and no rewriting, is covered in cli.test.ts.)
 */
import { Management, ManagementClient } from "auth0";
import { startHarness, TEMPLATE, type Harness } from "./helpers";

let h: Harness;
let host: string;

/** fetch that sends the SDK's https://host requests to the local http server. */
const localFetch: typeof fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return fetch(url.replace(/^https:\/\//, "http://"), init);
};

function sdk(options: { clientId?: string; clientSecret?: string; token?: string } = {}): ManagementClient {
  const common = { domain: host, fetch: localFetch, maxRetries: 0 };
  if (options.token) return new ManagementClient({ ...common, token: options.token });
  return new ManagementClient({
    ...common,
    clientId: options.clientId ?? h.server.credentials.clientId,
    clientSecret: options.clientSecret ?? h.server.credentials.clientSecret,
  });
}

beforeAll(async () => {
  h = await startHarness({
    clients: [
      { client_id: "forms-reader", client_secret: "forms-reader-secret", scopes: ["read:forms"], global: false },
    ],
  });
  host = new URL(h.server.url).host;
});
afterAll(() => h.close());

describe("the official SDK performs every operation", () => {
  test("forms: create, get, update, list, delete", async () => {
    const client = sdk();
    const created = await client.forms.create({
      name: "SDK form",
      nodes: [{ id: "flow1", type: "FLOW", config: { flow_id: "af_1", next_node: "$ending" } }],
      start: { next_node: "flow1" },
    });
    expect(created.id).toMatch(/^ap_/);
    expect(created.ending).toEqual({ resume_flow: true });
    expect((await client.forms.get(created.id)).name).toBe("SDK form");
    const updated = await client.forms.update(created.id, { name: "SDK form v2" });
    expect(updated.name).toBe("SDK form v2");
    await client.forms.create({ name: "another" });
    const names: string[] = [];
    for await (const form of await client.forms.list({ per_page: 1 })) names.push(form.name);
    expect(names).toEqual(expect.arrayContaining(["SDK form v2", "another"]));
    await client.forms.delete(created.id);
    await expect(client.forms.get(created.id)).rejects.toBeInstanceOf(Management.NotFoundError);
  });

  test("event streams: create, get, update, list, delete; the secret never comes back", async () => {
    const client = sdk();
    const created = await client.eventStreams.create({
      name: "SDK stream",
      subscriptions: [{ event_type: "user.created" }],
      destination: {
        type: "webhook",
        // The SDK's request type omits the write-only secret; the JSON it sends carries it.
        configuration: {
          webhook_endpoint: "https://hooks.example.com",
          webhook_authorization: { method: "bearer", token: "sdk-secret" } as Management.EventStreamWebhookBearerAuth,
        },
      },
    });
    expect(created.id).toHaveLength(26);
    expect(JSON.stringify(created)).not.toContain("sdk-secret");
    expect((await client.eventStreams.get(created.id!)).status).toBe("enabled");
    const updated = await client.eventStreams.update(created.id!, { status: "disabled" });
    expect(updated.status).toBe("disabled");
    await client.eventStreams.create({
      name: "second",
      subscriptions: [{ event_type: "user.deleted" }],
      destination: { type: "action", configuration: { action_id: "act_1" } },
    });
    const ids: string[] = [];
    for await (const stream of await client.eventStreams.list({ take: 1 })) ids.push((stream as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(created.id);
    await client.eventStreams.delete(created.id!);
    await expect(client.eventStreams.get(created.id!)).rejects.toBeInstanceOf(Management.NotFoundError);
  });

  test("login page template: update (string and {template}), get, delete", async () => {
    const client = sdk();
    await client.branding.templates.updateUniversalLogin(TEMPLATE);
    expect(await client.branding.templates.getUniversalLogin()).toEqual({ body: TEMPLATE });
    const replaced = TEMPLATE.replace("<body>", "<body><p>hi</p>");
    await client.branding.templates.updateUniversalLogin({ template: replaced });
    expect(await client.branding.templates.getUniversalLogin()).toEqual({ body: replaced });
    await client.branding.templates.deleteUniversalLogin();
    await expect(client.branding.templates.getUniversalLogin()).rejects.toBeInstanceOf(Management.NotFoundError);
    await expect(client.branding.templates.updateUniversalLogin("<html>no tags</html>")).rejects.toBeInstanceOf(
      Management.BadRequestError,
    );
  });

  test("rate limit policies: create, get, update, list, delete; duplicates are a ConflictError", async () => {
    const client = sdk();
    const body = {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "third_party_clients",
      configuration: { action: "block", limit: 20 },
    } as const;
    const created = await client.rateLimitPolicies.create(body);
    expect(created.id).toMatch(/^rlp_/);
    expect((await client.rateLimitPolicies.get(created.id!)).configuration).toEqual({ action: "block", limit: 20 });
    const updated = await client.rateLimitPolicies.update(created.id!, { configuration: { action: "log", limit: 30 } });
    expect(updated.configuration).toEqual({ action: "log", limit: 30 });
    await expect(client.rateLimitPolicies.create(body)).rejects.toBeInstanceOf(Management.ConflictError);
    const listed: string[] = [];
    for await (const policy of await client.rateLimitPolicies.list({ take: 10 })) listed.push(policy.id!);
    expect(listed).toContain(created.id);
    await client.rateLimitPolicies.delete(created.id!);
    await expect(client.rateLimitPolicies.get(created.id!)).rejects.toBeInstanceOf(Management.NotFoundError);
  });
});

describe("the official SDK runs the actions' life cycle", () => {
  test("create, get, list by trigger, update, deploy, versions, roll back, bindings, force delete", async () => {
    const client = sdk();
    // The tenant builds and deploys in the background, as the service does: read until `done` says so.
    const until = async (id: string, done: (action: Management.GetActionResponseContent) => boolean) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const action = await client.actions.get(id);
        if (done(action)) return action;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`action ${id} never reached the state waited for`);
    };
    const created = await client.actions.create({
      name: "SDK claims",
      supported_triggers: [{ id: "post-login", version: "v3" }],
      code: "exports.onExecutePostLogin = async () => {};",
      dependencies: [{ name: "lodash", version: "4.17.21" }],
      secrets: [{ name: "API_KEY", value: "sdk-action-secret" }],
      deploy: true,
    });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created).toMatchObject({ status: "pending", all_changes_deployed: false });
    const got = await until(created.id!, (action) => action.all_changes_deployed === true);
    expect(got).toMatchObject({ deployed_version: { number: 1, deployed: true } });
    expect(got.secrets).toEqual([{ name: "API_KEY", updated_at: expect.any(String) }]);
    expect(JSON.stringify(got)).not.toContain("sdk-action-secret");
    const other = await client.actions.create({
      name: "SDK sign-up check",
      supported_triggers: [{ id: "pre-user-registration" }],
      code: "exports.onExecutePreUserRegistration = async () => {};",
      // Named without a value, as Auth0's deploy CLI imports the secrets it exported.
      secrets: [{ name: "FROM_EXPORT" }],
    });
    expect(other.secrets!.map((secret) => secret.name)).toEqual(["FROM_EXPORT"]);
    const names = async (request: Management.ListActionsRequestParameters) => {
      const found: string[] = [];
      for await (const action of await client.actions.list(request)) found.push(action.name!);
      return found.sort();
    };
    expect(await names({ per_page: 1 })).toEqual(["SDK claims", "SDK sign-up check"]);
    expect(await names({ triggerId: "post-login" })).toEqual(["SDK claims"]);
    expect(await names({ deployed: true })).toEqual(["SDK claims"]);
    expect(await names({ actionName: "SDK sign-up check" })).toEqual(["SDK sign-up check"]);

    const updated = await client.actions.update(created.id!, { code: "exports.onExecutePostLogin = async () => 2;" });
    expect(updated).toMatchObject({ all_changes_deployed: false, deployed_version: { number: 1 } });
    await until(created.id!, (action) => action.status === "built");
    const second = await client.actions.deploy(created.id!);
    expect(second).toMatchObject({ number: 2, deployed: false, code: updated.code });
    expect(second.action).toEqual({
      id: created.id,
      name: "SDK claims",
      supported_triggers: [{ id: "post-login", version: "v3" }],
      created_at: created.created_at,
      updated_at: updated.updated_at,
      all_changes_deployed: false,
    });
    await until(created.id!, (action) => action.deployed_version?.id === second.id);
    expect((await client.actions.get(created.id!)).all_changes_deployed).toBe(true);
    const versions: Management.ActionVersion[] = [];
    for await (const version of await client.actions.versions.list(created.id!, { per_page: 1 }))
      versions.push(version);
    expect(versions.map((version) => [version.number, version.deployed])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await client.actions.versions.get(created.id!, versions[1]!.id!)).code).toBe(created.code);
    // A roll back deploys the earlier content as a new version; the draft stays as it is.
    const rolledBack = await client.actions.versions.deploy(created.id!, versions[1]!.id!);
    expect(rolledBack).toMatchObject({ number: 3, code: created.code, action: { id: created.id, name: "SDK claims" } });
    expect((await client.actions.get(created.id!)).code).toBe(updated.code);

    expect((await client.actions.triggers.list()).triggers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: "post-login", version: "v3", status: "CURRENT" })]),
    );
    const audit = await client.actions.create({
      name: "SDK audit",
      supported_triggers: [{ id: "post-login" }],
      code: "exports.onExecutePostLogin = async () => {};",
      deploy: true,
    });
    await until(audit.id!, (action) => action.all_changes_deployed === true);
    await until(created.id!, (action) => action.deployed_version?.number === 3);
    const bound = await client.actions.triggers.bindings.updateMany("post-login", {
      bindings: [
        { ref: { type: "action_name", value: "SDK audit" }, display_name: "Audit first" },
        { ref: { type: "action_id", value: created.id! } },
      ],
    });
    expect(bound.bindings!.map((binding) => [binding.action?.name, binding.display_name])).toEqual([
      ["SDK audit", "Audit first"],
      ["SDK claims", "SDK claims"],
    ]);
    const listed: Management.ActionBinding[] = [];
    for await (const binding of await client.actions.triggers.bindings.list("post-login", { per_page: 1 })) {
      listed.push(binding);
    }
    expect(listed.map((binding) => binding.action?.id)).toEqual([audit.id, created.id]);
    // Bindings named by their ids, in a new order, keep their names; the service makes them anew (new ids).
    const reordered = await client.actions.triggers.bindings.updateMany("post-login", {
      bindings: [listed[1]!, listed[0]!].map((binding) => ({ ref: { type: "binding_id", value: binding.id! } })),
    });
    expect(reordered.bindings!.map((binding) => [binding.action?.id, binding.display_name])).toEqual([
      [created.id, "SDK claims"],
      [audit.id, "Audit first"],
    ]);
    expect(reordered.bindings!.map((binding) => binding.id)).not.toContain(listed[0]!.id);

    await expect(client.actions.delete(created.id!)).rejects.toBeInstanceOf(Management.BadRequestError);
    await client.actions.delete(created.id!, { force: true });
    await expect(client.actions.get(created.id!)).rejects.toBeInstanceOf(Management.NotFoundError);
    const left = await client.actions.triggers.bindings.list("post-login");
    expect(left.data.map((binding) => [binding.action?.name, binding.display_name])).toEqual([
      ["SDK audit", "Audit first"],
    ]);
    await client.actions.delete(other.id!);
    // Builds and deploys take their time here, as on the service.
  }, 60_000);
});

describe("the SDK's typed errors", () => {
  test("UnauthorizedError for a token the server did not sign", async () => {
    await expect(sdk({ token: "not-a-token" }).forms.list()).rejects.toBeInstanceOf(Management.UnauthorizedError);
  });

  test("UnauthorizedError for a non-global client on rate limit policies", async () => {
    const client = sdk({ clientId: "forms-reader", clientSecret: "forms-reader-secret" });
    await expect(client.rateLimitPolicies.get("rlp_123456789ABCDEFGHJKLM")).rejects.toBeInstanceOf(
      Management.UnauthorizedError,
    );
  });

  test("ForbiddenError carrying the missing scope", async () => {
    const client = sdk({ clientId: "forms-reader", clientSecret: "forms-reader-secret" });
    const error = await client.forms.create({ name: "nope" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Management.ForbiddenError);
    expect((error as Management.ForbiddenError).body).toMatchObject({
      errorCode: "insufficient_scope",
      message: "Insufficient scope, expected any of: create:forms",
    });
  });

  test("BadRequestError with the validation message", async () => {
    const error = await sdk()
      .forms.create({ name: "" })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Management.BadRequestError);
    expect((error as Management.BadRequestError).statusCode).toBe(400);
  });

  test("TooManyRequestsError once the rate is used up (SDK retries off)", async () => {
    const client = sdk();
    await client.forms.list(); // token fetched outside the limited window
    h.server.setRateLimit(1);
    try {
      const outcomes = await Promise.allSettled([client.forms.list(), client.forms.list(), client.forms.list()]);
      const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => o.reason);
      expect(rejected.length).toBeGreaterThanOrEqual(1);
      expect(rejected[0]).toBeInstanceOf(Management.TooManyRequestsError);
      expect((rejected[0] as Management.TooManyRequestsError).rawResponse?.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      h.server.setRateLimit(100_000);
    }
  });

  test("the SDK's retry gets through a 503 injected before commit", async () => {
    const client = new ManagementClient({
      domain: host,
      fetch: localFetch,
      clientId: h.server.credentials.clientId,
      clientSecret: h.server.credentials.clientSecret,
      maxRetries: 2,
    });
    await client.forms.list();
    h.server.faults.add({ method: "GET", path: "/api/v2/forms", mode: "fail-before", times: 1 });
    h.server.counters.reset();
    await client.forms.list();
    expect(h.server.counters.snapshot()).toMatchObject({ "GET /api/v2/forms": 2, "5xx": 1 });
  });
});
