/**
 * configure, check (settings and one token per tenant), several tenants in one process,
 * one message per failure, and secrets never in errors.
 */
import { forgetClaims } from "../../provider/lifecycle/create-once";
import { inspect } from "node:util";
import { startTenantServer, type TenantServer } from "../../server/index";
import {
  call,
  eventStreamProvider,
  FAST_RETRIES,
  formProvider,
  loginTemplateProvider,
  PROVIDER_TEXT,
  runtime,
  startHarness,
  TEMPLATE,
  type ProviderHarness,
} from "./helpers";

const PASSWORD = "never-print-me-5e1f";
const stream = {
  name: "audit",
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/x",
      webhook_authorization: { method: "basic", username: "u", password: PASSWORD },
    },
  },
};

function stackConfig(values: Record<string, string>) {
  return { get: (key: string) => values[key], require: (key: string) => values[key] };
}

/** Everything an error exposes: message, stack, own fields, inspection. */
const exposed = (error: unknown) =>
  `${(error as Error).message}\n${(error as Error).stack}\n${JSON.stringify(error)}\n${inspect(error, { depth: 5 })}`;

/** Runs `body` with no AUTH0_* variable set. */
async function withoutAuth0Env(body: () => Promise<void>): Promise<void> {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith("AUTH0_")) delete process.env[key];
  try {
    await body();
  } finally {
    process.env = saved;
  }
}

const MISSING_ALL =
  "The tenant provider is not configured: missing tenant:domain, tenant:clientId, tenant:clientSecret. Set them with " +
  "`pulumi config set tenant:domain <my-tenant.eu.auth0.com or http://host:port>`, `pulumi config set tenant:clientId <client id>`, " +
  "`pulumi config set --secret tenant:clientSecret -- <client secret>` (or `pulumi config set --secret tenant:apiToken -- <token>` " +
  "instead of the client credentials; or the environment variables AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET).";

describe("configuration and preview", () => {
  let harness: ProviderHarness;
  let config: ReturnType<typeof stackConfig>;
  beforeAll(async () => {
    harness = await startHarness();
    const { domain, clientId, clientSecret } = harness.server.credentials;
    config = stackConfig({ "tenant:domain": domain, "tenant:clientId": clientId, "tenant:clientSecret": clientSecret });
  });
  afterAll(async () => harness.close());

  it("missing settings: configure succeeds, the first check says what to set, later calls point to it", async () => {
    await withoutAuth0Env(async () => {
      await expect(call(formProvider, "configure")({ config: stackConfig({}) })).resolves.toBeUndefined();
      expect((await call(formProvider, "check")({}, { name: "Sign-up", __provider: PROVIDER_TEXT })).failures).toEqual([
        { property: "", reason: MISSING_ALL },
      ]);
      const pointer =
        "Not attempted: the tenant provider is not configured: missing tenant:domain, tenant:clientId, tenant:clientSecret; " +
        'the error of form "Sign-up" says what to do.';
      expect((await call(loginTemplateProvider, "check")({}, { template: TEMPLATE })).failures).toEqual([
        { property: "", reason: pointer },
      ]);
      const error = (await call(formProvider, "create")({ name: "x" }).catch((e: unknown) => e)) as Error;
      expect(error.name).toBe("ConfigurationError");
      expect(error.message).toBe(pointer);
      expect(error.stack).toBe(`ConfigurationError: ${pointer}`);
    });
  });

  it("configure, check and diff make no request but one token per tenant (and a template's check looks for a custom domain and, on create, for a template to take over); the kinds share one client", async () => {
    harness.server.counters.reset();
    for (const provider of [formProvider, eventStreamProvider, loginTemplateProvider])
      await call(provider, "configure")({ config });
    expect((await call(formProvider, "check")({}, { name: "a", __provider: PROVIDER_TEXT })).failures).toEqual([]);
    expect(await call(formProvider, "diff")("ap_1111111111111111111111", { name: "a" }, { name: "b" })).toEqual({
      changes: true,
    });
    expect((await call(eventStreamProvider, "check")({}, stream)).failures).toEqual([]);
    expect(harness.server.counters.snapshot()).toEqual({ "POST /oauth/token": 1 });
    // A template needs a custom domain (one list), and the template is a singleton: creating one
    // first looks whether the tenant has a different one.
    expect((await call(loginTemplateProvider, "check")({}, { template: TEMPLATE })).failures).toEqual([]);
    expect(harness.server.counters.snapshot()).toEqual({
      "GET /api/v2/custom-domains": 1,
      "GET /api/v2/branding/templates/universal-login": 1,
      "POST /oauth/token": 1,
    });

    await call(formProvider, "create")({ name: "one" });
    await call(eventStreamProvider, "create")(stream);
    await call(loginTemplateProvider, "create")({ template: TEMPLATE });
    const counts = harness.server.counters.snapshot();
    expect(counts["POST /oauth/token"]).toBe(1);
  });

  it("invalid inputs are not sent to the tenant at check, and a long value is never echoed by the engine", async () => {
    await call(formProvider, "configure")({ config });
    harness.server.counters.reset();
    const long = `<html>${"x".repeat(5_000)}</html>`;
    const { failures } = await call(loginTemplateProvider, "check")({}, { template: long });
    // With a property, the engine prints `property template value {<5 KB>} has a problem`; without one it does not.
    expect(failures).toEqual([
      { property: "", reason: "template: The template must contain the tag {%- auth0:head -%}" },
      { property: "", reason: "template: The template must contain the tag {%- auth0:widget -%}" },
    ]);
    expect((await call(formProvider, "check")({}, { name: "" })).failures).toEqual([
      { property: "name", reason: expect.any(String) },
    ]);
    expect(harness.server.counters.snapshot()).toEqual({});
  });

  it("a refused create does not reveal the webhook password or the token", async () => {
    runtime.configureFromSettings(
      {
        domain: harness.server.credentials.domain,
        clientId: harness.server.credentials.clientId,
        clientSecret: harness.server.credentials.clientSecret,
      },
      FAST_RETRIES,
    );
    // Skipping check on purpose: the server refuses an http endpoint.
    const bad = {
      ...stream,
      destination: {
        ...stream.destination,
        configuration: { ...stream.destination.configuration, webhook_endpoint: "http://hooks.example.com" },
      },
    };
    const error = await call(eventStreamProvider, "create")(bad).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /event stream "audit": create failed: the API refused the request: Payload validation error/,
    );
    const text = exposed(error);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(harness.server.credentials.clientSecret);
    expect(text).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
    expect((error as Error).stack).not.toMatch(/\n\s+at /);
  });

  it("a server that keeps failing gives a ServerError without secrets", async () => {
    const created = await call(eventStreamProvider, "create")(stream);
    harness.server.faults.add({
      method: "PATCH",
      path: "/api/v2/event-streams/:id",
      mode: "fail-before",
      times: 10,
      status: 500,
    });
    try {
      const changed = { ...stream, name: "renamed" };
      const error = await call(eventStreamProvider, "update")(created.id, created.outs, changed).catch(
        (e: unknown) => e,
      );
      expect((error as Error).name).toBe("ServerError");
      expect((error as Error).message).toContain(
        `event stream ${created.id}: update failed: the server failed with 500 on 3 attempts`,
      );
      const text = exposed(error);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toMatch(/Bearer|eyJ[A-Za-z0-9_-]{10,}/);
    } finally {
      harness.server.faults.clear();
    }
  });

  it("an unreachable tenant gives one NetworkError naming the origin and the setting, then pointers; no secrets", async () => {
    const token = "static-api-token-88aa";
    runtime.configureFromSettings(
      { domain: "http://127.0.0.1:9", apiToken: token },
      { backoffBaseMs: 1, backoffMaxMs: 2 },
    );
    try {
      const error = (await call(formProvider, "read")("ap_1111111111111111111111", {}).catch(
        (e: unknown) => e,
      )) as Error;
      expect(error.name).toBe("NetworkError");
      expect(error.message).toMatch(
        new RegExp(
          "^form ap_1111111111111111111111: read failed: nothing accepts connections at http://127\\.0\\.0\\.1:9 " +
            "\\(connection refused, 3 attempts over [0-9.]+ s\\)\\. Check tenant:domain \\(or AUTH0_DOMAIN\\) and that the tenant is reachable from here\\.$",
        ),
      );
      expect(exposed(error)).not.toContain(token);
      // The tenant is known to be unreachable: the next call is not attempted (no request, no wait), and points to
      // the first error.
      const next = (await call(formProvider, "delete")("ap_2222222222222222222222", {}).catch(
        (e: unknown) => e,
      )) as Error;
      expect(next.message).toBe(
        "Not attempted: http://127.0.0.1:9 refused the connection; the error of form ap_1111111111111111111111 says what to do.",
      );
    } finally {
      runtime.configureFromSettings(
        {
          domain: harness.server.credentials.domain,
          clientId: harness.server.credentials.clientId,
          clientSecret: harness.server.credentials.clientSecret,
        },
        FAST_RETRIES,
      );
    }
  });

  it("the host's stack echo of our own errors is dropped, and nothing else", async () => {
    const printed: unknown[][] = [];
    const saved = console.error;
    console.error = (...args: unknown[]) => {
      printed.push(args);
    };
    try {
      runtime.configureFromSettings(
        { domain: "http://127.0.0.1:9", apiToken: "t0ken-1234" },
        { backoffBaseMs: 1, backoffMaxMs: 2 },
      );
      const error = (await call(formProvider, "read")("ap_1111111111111111111111", {}).catch(
        (e: unknown) => e,
      )) as Error;
      // What cmd/dynamic-provider does with an error of check, diff, read or delete:
      console.error(`${error}: ${error.stack}`);
      console.error(`${error}: ${error.stack}`);
      console.error("something else");
      // The first echo is dropped; a second identical line is someone else's and printed.
      expect(printed).toEqual([[`${error}: ${error.stack}`], ["something else"]]);
    } finally {
      console.error = saved;
      runtime.configureFromSettings(
        {
          domain: harness.server.credentials.domain,
          clientId: harness.server.credentials.clientId,
          clientSecret: harness.server.credentials.clientSecret,
        },
        FAST_RETRIES,
      );
    }
  });
});

describe("several tenants in one provider process", () => {
  let a: TenantServer;
  let b: TenantServer;
  const token = (server: TenantServer) => server.counters.snapshot()["POST /oauth/token"] ?? 0;
  const forms = (server: TenantServer) => server.counters.snapshot()["POST /api/v2/forms"] ?? 0;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTenantServer({ port: 0, logger: false }),
      startTenantServer({ port: 0, logger: false }),
    ]);
    runtime.resetRuntime();
    runtime.configure(
      stackConfig({
        "tenant:domain": a.url,
        "tenant:clientId": a.credentials.clientId,
        "tenant:clientSecret": a.credentials.clientSecret,
        "prod:domain": b.url,
        "prod:clientId": b.credentials.clientId,
        "prod:clientSecret": b.credentials.clientSecret,
        "prod:timeoutSeconds": "5",
      }),
    );
  });
  afterAll(async () => {
    runtime.resetRuntime();
    await Promise.all([a?.close(), b?.close()]);
  });

  it("each resource goes to the tenant its `tenant` names; each tenant has its own client and token", async () => {
    expect((await call(formProvider, "check")({}, { name: "default", __provider: PROVIDER_TEXT })).failures).toEqual(
      [],
    );
    const checked = await call(formProvider, "check")({}, { name: "prod", tenant: "prod", __provider: PROVIDER_TEXT });
    expect(checked).toEqual({ inputs: { name: "prod", tenant: "prod", __provider: PROVIDER_TEXT }, failures: [] });
    const inDefault = await call(formProvider, "create")({ name: "default" });
    const inProd = await call(formProvider, "create")({ name: "prod", tenant: "prod" });
    expect(inDefault.outs.tenant).toBeUndefined();
    expect(inProd.outs).toMatchObject({ name: "prod", tenant: "prod" });
    expect([forms(a), forms(b), token(a), token(b)]).toEqual([1, 1, 1, 1]);
    expect(runtime.sharedClient("prod").settings).toMatchObject({ namespace: "prod", origin: b.url, timeoutMs: 5_000 });

    // read, update and delete find the tenant in the state's outputs.
    const read = await call(formProvider, "read")(inProd.id, inProd.outs);
    expect(read).toMatchObject({ id: inProd.id, props: { name: "prod", tenant: "prod" }, inputs: { tenant: "prod" } });
    const updated = await call(formProvider, "update")(inProd.id, inProd.outs, { name: "prod v2", tenant: "prod" });
    expect(updated.outs).toMatchObject({ name: "prod v2", tenant: "prod" });
    await call(formProvider, "delete")(inProd.id, updated.outs!);
    expect(b.counters.snapshot()).toMatchObject({
      "GET /api/v2/forms/:id": 1,
      "PATCH /api/v2/forms/:id": 1,
      "DELETE /api/v2/forms/:id": 1,
    });
    expect(Object.keys(a.counters.snapshot()).sort()).toEqual(["POST /api/v2/forms", "POST /oauth/token"]);
    expect([token(a), token(b)]).toEqual([1, 1]);
  });

  it("a create that fails half way records the tenant with what it made, so later calls go to the right tenant", async () => {
    const existing = await call(formProvider, "create")({ name: "to adopt", tenant: "prod" });
    forgetClaims(); // as a later provider process finds it: made by an earlier run, managed by no resource now
    b.faults.add({ method: "PATCH", path: "/api/v2/forms/:id", mode: "fail-before", status: 500, times: 3 });
    try {
      const error = (await call(
        formProvider,
        "create",
      )({ name: "adopted", adoptId: existing.id, tenant: "prod" }).catch((e: unknown) => e)) as Error & {
        id?: string;
        properties?: Record<string, unknown>;
      };
      expect(error.name).toBe("PartialCreateError");
      expect(error.id).toBe(existing.id);
      expect(error.properties).toMatchObject({ name: "to adopt", tenant: "prod" });
    } finally {
      b.faults.clear();
    }
  });

  it("naming another tenant replaces the object; the default is `tenant`", async () => {
    expect(
      await call(formProvider, "diff")("ap_1", { name: "x", tenant: "prod" }, { name: "x", tenant: "other" }),
    ).toEqual({ changes: true, replaces: ["tenant"] });
    expect(await call(formProvider, "diff")("ap_1", { name: "x" }, { name: "x", tenant: "tenant" })).toEqual({
      changes: false,
    });
    expect(
      await call(formProvider, "diff")("ap_1", { name: "x", tenant: "prod" }, { name: "y", tenant: "prod" }),
    ).toEqual({ changes: true });
  });

  it("a namespace without settings names its own keys; a bad name is refused at check", async () => {
    const { failures } = await call(formProvider, "check")({}, { name: "staging form", tenant: "staging" });
    expect(failures).toEqual([
      {
        property: "",
        reason:
          'The tenant provider has no settings for tenant "staging": missing staging:domain, staging:clientId, staging:clientSecret. Set them with ' +
          "`pulumi config set staging:domain <my-tenant.eu.auth0.com or http://host:port>`, `pulumi config set staging:clientId <client id>`, " +
          "`pulumi config set --secret staging:clientSecret -- <client secret>` (or `pulumi config set --secret staging:apiToken -- <token>` " +
          "instead of the client credentials).",
      },
    ]);
    const bad = await call(formProvider, "check")({}, { name: "x", tenant: "prod:domain" });
    expect(bad.failures).toEqual([
      { property: "tenant", reason: expect.stringContaining('must name a configuration namespace such as "prod"') },
    ]);
  });

  it("bad credentials of one tenant do not disturb the other", async () => {
    runtime.configure(
      stackConfig({
        "tenant:domain": a.url,
        "tenant:clientId": a.credentials.clientId,
        "tenant:clientSecret": a.credentials.clientSecret,
        "prod:domain": b.url,
        "prod:clientId": b.credentials.clientId,
        "prod:clientSecret": "not-the-secret",
      }),
    );
    const refused = await call(formProvider, "check")({}, { name: "p", tenant: "prod" });
    expect(refused.failures).toEqual([
      {
        property: "",
        reason:
          `Could not get an access token: the token endpoint ${b.url}/oauth/token refused client ${b.credentials.clientId} ` +
          "(401 invalid_client: Client authentication failed). Check prod:clientId and prod:clientSecret " +
          "(`pulumi config set --secret prod:clientSecret -- <client secret>`).",
      },
    ]);
    expect((await call(formProvider, "check")({}, { name: "d" })).failures).toEqual([]);
  });
});
