/**
 * Issue 7, item 6: every limit of the seed (sections 2 and 8), just outside its bound,
 * fails the provider's `check` — the preview — naming the property; just inside it,
 * `check` passes and the create succeeds against a server (so the limit is not
 * enforced at apply time in a way check missed). Seed limits that are not provider
 * inputs (server-made ids, rate limit policy fields) are covered at the server: the
 * value just outside its bound is refused with 400 naming the property.
 *
 * Then a fast-check property over generated inputs: whatever passes `check` must be
 * created without error (failures at apply time = 0).
 *
 * The provider objects are the ones the engine calls (the serialized shims), with the
 * runtime configured in-process against an in-process server.
 */
import fc from "fast-check";
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { newId } from "../../api";
import { EVENT_TYPES } from "../../api/kinds/event-stream/contract";
import { startTenantServer, type TenantServer } from "../../server/index";
import { configureFromSettings, resetRuntime } from "../../provider/runtime";
import { eventStreamProvider, formProvider, loginTemplateProvider } from "../fixtures/providers";
import { findByIdOrName } from "../../provider/lookups/by-name";
import type { TenantClient } from "../../provider/client/http";
import { callApi, printFigure, sized, TEMPLATE, tokenFor } from "./support";

jest.setTimeout(300_000);

type Provider = typeof formProvider;
type Inputs = Record<string, unknown>;

const validForm = (): Inputs => ({
  name: "Limits",
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      config: { components: [{ id: "email", category: "FIELD", type: "EMAIL" }], next_node: "flow_1" },
    },
    { id: "flow_1", type: "FLOW", config: { flow_id: "af_1", next_node: "$ending" } },
  ],
  start: { next_node: "step_1", hidden_fields: [{ key: "k", value: "v" }] },
  ending: { resume_flow: true },
});

const validStream = (): Inputs => ({
  name: "limits",
  status: "enabled",
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/in",
      webhook_authorization: { method: "basic", username: "u", password: "limits-secret-1" },
    },
  },
});

const validTemplate = (): Inputs => ({ template: TEMPLATE });

/** `base` with `value` at the dotted/bracketed `path` (e.g. `nodes[0].config.next_node`). */
function withValue(base: Inputs, path: string, value: unknown): Inputs {
  const copy = structuredClone(base);
  const keys = path.replace(/\[(\d+)\]/g, ".$1").split(".");
  let at = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
  return copy;
}

/** A seed limit that is a provider input: where it lives and values on each side of the bound. */
interface ProviderLimit {
  seed: string;
  resource: "Form" | "EventStream" | "LoginTemplate";
  /** The input property the failure must name. */
  property: string;
  outside: { label: string; inputs: Inputs }[];
  inside: { label: string; inputs: Inputs }[];
}

/** A seed limit on something the provider does not take as input, checked at the server. */
interface ServerLimit {
  seed: string;
  why: string;
  method: string;
  path: (ids: { policy: string }) => string;
  body?: unknown;
  /** Text the 400 message must contain (the property). */
  names: string;
}

const s = (n: number, c = "a") => c.repeat(n);
const templateOfLength = (n: number) => TEMPLATE + s(n - TEMPLATE.length, "x");

/** The seed's limits (section 8, and the field constraints of section 2) that are provider inputs. */
const PROVIDER_LIMITS: ProviderLimit[] = [
  {
    seed: "8 / 2.2 form name length 1..150",
    resource: "Form",
    property: "name",
    outside: [
      { label: "empty", inputs: withValue(validForm(), "name", "") },
      { label: "151", inputs: withValue(validForm(), "name", s(151)) },
      { label: "151 astral", inputs: withValue(validForm(), "name", s(151, "😀")) },
      { label: "missing", inputs: withValue(validForm(), "name", undefined) },
    ],
    inside: [
      { label: "1", inputs: withValue(validForm(), "name", "a") },
      { label: "150", inputs: withValue(validForm(), "name", s(150)) },
      { label: "150 astral", inputs: withValue(validForm(), "name", s(150, "😀")) },
    ],
  },
  {
    seed: "8 form id max 30 (as adoptId, the only id a user gives)",
    resource: "Form",
    property: "adoptId",
    outside: [
      { label: "31 chars", inputs: { ...validForm(), adoptId: `ap_${s(28, "1")}` } },
      { label: "not an id", inputs: { ...validForm(), adoptId: "form-1" } },
    ],
    inside: [],
  },
  {
    seed: "2.2 nodes[].type enum (FLOW, STEP, ROUTER)",
    resource: "Form",
    property: "nodes[1].type",
    outside: [{ label: "FLOWX", inputs: withValue(validForm(), "nodes[1].type", "FLOWX") }],
    inside: [{ label: "FLOW", inputs: validForm() }],
  },
  {
    seed: "2.2 / published: FLOW node config.flow_id, at most 30, flow-id format",
    resource: "Form",
    property: "nodes[1].config",
    outside: [
      { label: "missing", inputs: withValue(validForm(), "nodes[1].config", { next_node: "$ending" }) },
      { label: "number", inputs: withValue(validForm(), "nodes[1].config.flow_id", 5) },
      { label: "31", inputs: withValue(validForm(), "nodes[1].config.flow_id", `af_${s(28, "b")}`) },
    ],
    inside: [
      { label: "af_1", inputs: validForm() },
      { label: "30", inputs: withValue(validForm(), "nodes[1].config.flow_id", `af_${s(27, "b")}`) },
    ],
  },
  {
    seed: "2.2 / published FormHiddenField: key required, value optional, 1..500",
    resource: "Form",
    property: "start.hidden_fields[0]",
    outside: [
      { label: "value a number", inputs: withValue(validForm(), "start.hidden_fields", [{ key: "k", value: 1 }]) },
      { label: "value 501", inputs: withValue(validForm(), "start.hidden_fields", [{ key: "k", value: s(501) }]) },
      { label: "no key", inputs: withValue(validForm(), "start.hidden_fields", [{ value: "v" }]) },
    ],
    inside: [
      { label: "strings", inputs: validForm() },
      { label: "no value", inputs: withValue(validForm(), "start.hidden_fields", [{ key: "k" }]) },
      { label: "value 500", inputs: withValue(validForm(), "start.hidden_fields", [{ key: "k", value: s(500) }]) },
    ],
  },
  {
    seed: "2.2 / published: ending.resume_flow can only be true",
    resource: "Form",
    property: "ending.resume_flow",
    outside: [
      { label: '"yes"', inputs: withValue(validForm(), "ending.resume_flow", "yes") },
      { label: "false", inputs: withValue(validForm(), "ending.resume_flow", false) },
    ],
    inside: [{ label: "true", inputs: validForm() }],
  },
  {
    seed: "2.2 / published: coordinates integers within ±999999",
    resource: "Form",
    property: "start.coordinates",
    outside: [
      { label: "x a string", inputs: withValue(validForm(), "start.coordinates", { x: "1", y: 2 }) },
      { label: "x 1.5", inputs: withValue(validForm(), "start.coordinates", { x: 1.5, y: 2 }) },
      { label: "y 1000000", inputs: withValue(validForm(), "start.coordinates", { x: 1, y: 1_000_000 }) },
    ],
    inside: [
      { label: "integers", inputs: withValue(validForm(), "start.coordinates", { x: 1, y: -2 }) },
      { label: "±999999", inputs: withValue(validForm(), "start.coordinates", { x: 999_999, y: -999_999 }) },
    ],
  },
  {
    seed: "published: ending.redirection delay an integer 0..10, target 1..1024",
    resource: "Form",
    property: "ending.redirection",
    outside: [
      {
        label: "delay 11",
        inputs: withValue(validForm(), "ending.redirection", { target: "https://x.example", delay: 11 }),
      },
      { label: "target 1025", inputs: withValue(validForm(), "ending.redirection", { target: s(1025) }) },
    ],
    inside: [
      {
        label: "delay 10, target 1024",
        inputs: withValue(validForm(), "ending.redirection", { target: s(1024), delay: 10 }),
      },
    ],
  },
  {
    seed: "published: style.css 1..5000",
    resource: "Form",
    property: "style.css",
    outside: [
      { label: "empty", inputs: { ...validForm(), style: { css: "" } } },
      { label: "5001", inputs: { ...validForm(), style: { css: s(5001) } } },
    ],
    inside: [{ label: "5000", inputs: { ...validForm(), style: { css: s(5000) } } }],
  },
  {
    seed: "published: messages values 1..255",
    resource: "Form",
    property: "messages.custom.hello",
    outside: [{ label: "256", inputs: { ...validForm(), messages: { custom: { hello: s(256) } } } }],
    inside: [{ label: "255", inputs: { ...validForm(), messages: { custom: { hello: s(255) } } } }],
  },
  {
    seed: "published: languages up to 55 characters",
    resource: "Form",
    property: "languages.primary",
    outside: [{ label: "56", inputs: { ...validForm(), languages: { primary: s(56) } } }],
    inside: [{ label: "55", inputs: { ...validForm(), languages: { primary: s(55), default: s(55) } } }],
  },
  {
    seed: "published: components are typed (RECAPTCHA config required keys, no unknown keys)",
    resource: "Form",
    property: "nodes[0].config.components[0]",
    outside: [
      {
        label: "unknown key",
        inputs: withValue(validForm(), "nodes[0].config.components[0].config", { requird: true }),
      },
      {
        label: "RECAPTCHA without secret_key",
        inputs: withValue(validForm(), "nodes[0].config.components[0]", {
          id: "r",
          category: "WIDGET",
          type: "RECAPTCHA",
          config: { site_key: "s" },
        }),
      },
    ],
    inside: [
      {
        label: "RECAPTCHA",
        inputs: withValue(validForm(), "nodes[0].config.components[0]", {
          id: "r",
          category: "WIDGET",
          type: "RECAPTCHA",
          config: { site_key: "s", secret_key: "limits-secret-2" },
        }),
      },
    ],
  },
  {
    seed: "contract: every next_node resolves to a node or $ending",
    resource: "Form",
    property: "nodes[1].config.next_node",
    outside: [{ label: "dangling", inputs: withValue(validForm(), "nodes[1].config.next_node", "nowhere") }],
    inside: [{ label: "$ending", inputs: validForm() }],
  },
  {
    seed: "contract: start.next_node resolves",
    resource: "Form",
    property: "start.next_node",
    outside: [{ label: "dangling", inputs: withValue(validForm(), "start.next_node", "step_9") }],
    inside: [{ label: "step_1", inputs: validForm() }],
  },
  {
    seed: "8 / 2.4 event stream name length 1..128",
    resource: "EventStream",
    property: "name",
    outside: [
      { label: "empty", inputs: withValue(validStream(), "name", "") },
      { label: "129", inputs: withValue(validStream(), "name", s(129)) },
    ],
    inside: [
      { label: "1", inputs: withValue(validStream(), "name", "a") },
      { label: "128", inputs: withValue(validStream(), "name", s(128)) },
    ],
  },
  {
    seed: "8 / 2.4 subscriptions at least 1 item",
    resource: "EventStream",
    property: "subscriptions",
    outside: [{ label: "[]", inputs: withValue(validStream(), "subscriptions", []) }],
    inside: [{ label: "1 item", inputs: validStream() }],
  },
  {
    // An open set: a well-formed type the tenant does not know passes check and is refused at apply (as by the real service).
    seed: "2.4 subscriptions[].event_type: a well-formed a.b[.c] type",
    resource: "EventStream",
    property: "subscriptions[0].event_type",
    outside: [
      { label: "User Exploded", inputs: withValue(validStream(), "subscriptions", [{ event_type: "User Exploded" }]) },
      { label: "user", inputs: withValue(validStream(), "subscriptions", [{ event_type: "user" }]) },
    ],
    inside: [
      {
        label: "all 25",
        inputs: withValue(
          validStream(),
          "subscriptions",
          EVENT_TYPES.map((event_type) => ({ event_type })),
        ),
      },
    ],
  },
  {
    seed: "8 / 2.4 status values enabled|disabled, max 8 characters",
    resource: "EventStream",
    property: "status",
    outside: [
      { label: "9 chars", inputs: withValue(validStream(), "status", "disabled!") },
      { label: "paused", inputs: withValue(validStream(), "status", "paused") },
    ],
    inside: [
      { label: "disabled (8)", inputs: withValue(validStream(), "status", "disabled") },
      { label: "enabled", inputs: validStream() },
    ],
  },
  {
    seed: "8 event stream id exactly 26 (as adoptId)",
    resource: "EventStream",
    property: "adoptId",
    outside: [
      { label: "25", inputs: { ...validStream(), adoptId: `est_${s(21, "1")}` } },
      { label: "27", inputs: { ...validStream(), adoptId: `est_${s(23, "1")}` } },
    ],
    inside: [],
  },
  {
    seed: "2.4 destination.type enum",
    resource: "EventStream",
    property: "destination.type",
    outside: [{ label: "email", inputs: withValue(validStream(), "destination.type", "email") }],
    inside: [{ label: "webhook", inputs: validStream() }],
  },
  {
    seed: "2.4 webhook_endpoint an https address",
    resource: "EventStream",
    property: "destination.configuration.webhook_endpoint",
    outside: [
      {
        label: "http",
        inputs: withValue(validStream(), "destination.configuration.webhook_endpoint", "http://hooks.example.com/in"),
      },
      { label: "not a URL", inputs: withValue(validStream(), "destination.configuration.webhook_endpoint", "hooks") },
    ],
    inside: [{ label: "https", inputs: validStream() }],
  },
  {
    seed: "2.4 webhook_authorization.method enum, username string",
    resource: "EventStream",
    property: "destination.configuration.webhook_authorization",
    outside: [
      {
        label: "method digest",
        inputs: withValue(validStream(), "destination.configuration.webhook_authorization.method", "digest"),
      },
      {
        label: "no username",
        inputs: withValue(validStream(), "destination.configuration.webhook_authorization", {
          method: "basic",
          password: "p",
        }),
      },
    ],
    inside: [{ label: "basic", inputs: validStream() }],
  },
  {
    seed: "published: basic-auth username at most 128, without ':'",
    resource: "EventStream",
    property: "destination.configuration.webhook_authorization.username",
    outside: [
      {
        label: "129",
        inputs: withValue(validStream(), "destination.configuration.webhook_authorization.username", s(129)),
      },
      {
        label: "colon",
        inputs: withValue(validStream(), "destination.configuration.webhook_authorization.username", "a:b"),
      },
    ],
    inside: [
      {
        label: "128",
        inputs: withValue(validStream(), "destination.configuration.webhook_authorization.username", s(128)),
      },
    ],
  },
  {
    seed: "published: aws_region one of the listed regions",
    resource: "EventStream",
    property: "destination.configuration.aws_region",
    outside: [
      {
        label: "eu-west-9",
        inputs: withValue(validStream(), "destination", {
          type: "eventbridge",
          configuration: { aws_account_id: "123456789012", aws_region: "eu-west-9" },
        }),
      },
    ],
    inside: [
      {
        label: "ap-southeast-7",
        inputs: withValue(validStream(), "destination", {
          type: "eventbridge",
          configuration: { aws_account_id: "123456789012", aws_region: "ap-southeast-7" },
        }),
      },
    ],
  },
  {
    seed: "8 / 2.3 login page template at most 102400 characters",
    resource: "LoginTemplate",
    property: "template",
    outside: [{ label: "102401", inputs: { template: templateOfLength(102_401) } }],
    inside: [{ label: "102400", inputs: { template: templateOfLength(102_400) } }],
  },
  {
    seed: "2.3 template carries the head and widget tags (contract)",
    resource: "LoginTemplate",
    property: "template",
    outside: [
      { label: "no widget tag", inputs: { template: "<html><head>{%- auth0:head -%}</head></html>" } },
      { label: "no head tag", inputs: { template: "<html>{%- auth0:widget -%}</html>" } },
    ],
    inside: [{ label: "both tags", inputs: validTemplate() }],
  },
];

/** Seed limits on values the provider never takes as input, and where they are enforced. */
const SERVER_LIMITS: ServerLimit[] = [
  {
    seed: "8 / 2.1 policy limit 0..10000",
    why: "rate limit policies are only read (lookup)",
    method: "POST",
    path: () => "/rate-limit-policies",
    body: {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "client_id:lim",
      configuration: { action: "block", limit: 10_001 },
    },
    names: "limit",
  },
  {
    seed: "8 / 2.1 policy limit minimum 0",
    why: "rate limit policies are only read (lookup)",
    method: "POST",
    path: () => "/rate-limit-policies",
    body: {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "client_id:lim",
      configuration: { action: "log", limit: -1 },
    },
    names: "limit",
  },
  {
    seed: "8 / 2.1 consumer_selector max 255",
    why: "rate limit policies are only read (lookup)",
    method: "POST",
    path: () => "/rate-limit-policies",
    body: {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: `client_id:${s(247)}`,
      configuration: { action: "allow" },
    },
    names: "consumer_selector",
  },
  {
    seed: "2.1 redirect_uri an https URI",
    why: "rate limit policies are only read (lookup)",
    method: "POST",
    path: () => "/rate-limit-policies",
    body: {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "client_id:lim2",
      configuration: { action: "redirect", limit: 1, redirect_uri: "http://x.example.com" },
    },
    names: "redirect_uri",
  },
  {
    seed: "8 / 4.1 policy id max 26",
    why: "the lookup passes the id through; the server refuses it (the lookup surfaces the 400)",
    method: "GET",
    path: () => `/rate-limit-policies/rlp_${s(23, "1")}`,
    names: "id",
  },
  {
    seed: "8 / 2.4 event stream id exactly 26 (path)",
    why: "ids are made by the server",
    method: "GET",
    path: () => `/event-streams/est_${s(23, "1")}`,
    names: "id",
  },
  {
    seed: "8 / 2.2 form id max 30 (path)",
    why: "ids are made by the server",
    method: "GET",
    path: () => `/forms/ap_${s(28, "1")}`,
    names: "id",
  },
];

const failuresOf = (result: CheckResult): CheckFailure[] => result.failures ?? [];
const providerOf = (resource: ProviderLimit["resource"]): Provider =>
  resource === "Form" ? formProvider : resource === "EventStream" ? eventStreamProvider : loginTemplateProvider;

describe("seed limits at the provider's check", () => {
  let server: TenantServer;
  let client: TenantClient;

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false, rateLimit: 10_000 });
    client = configureFromSettings({
      domain: server.url,
      clientId: server.credentials.clientId,
      clientSecret: server.credentials.clientSecret,
    });
  });

  afterAll(async () => {
    resetRuntime();
    await server?.close();
  });

  test("each limit just outside its bound fails check naming the property; just inside, check passes and create succeeds", async () => {
    const problems: string[] = [];
    let coveredAtCheck = 0;
    for (const limit of PROVIDER_LIMITS) {
      const provider = providerOf(limit.resource);
      let ok = true;
      for (const { label, inputs } of limit.outside) {
        const failures = failuresOf(await provider.check!({}, inputs));
        const named = failures.some(
          (failure) =>
            failure.property === limit.property ||
            failure.property.startsWith(`${limit.property}.`) ||
            failure.property.startsWith(`${limit.property}[`) ||
            (failure.property === "" && failure.reason.startsWith(`${limit.property}: `)),
        );
        if (!named) {
          ok = false;
          problems.push(
            `${limit.seed} [${label}]: check gave ${JSON.stringify(failures)}, expected a failure on ${limit.property}`,
          );
        }
      }
      for (const { label, inputs } of limit.inside) {
        const failures = failuresOf(await provider.check!({}, inputs));
        if (failures.length) {
          ok = false;
          problems.push(`${limit.seed} [inside: ${label}]: check refused ${JSON.stringify(failures)}`);
          continue;
        }
        try {
          const created = await provider.create!(inputs);
          await provider.delete!(created.id, created.outs ?? {});
        } catch (error) {
          ok = false;
          problems.push(
            `${limit.seed} [inside: ${label}]: check passed but create failed: ${(error as Error).message}`,
          );
        }
      }
      if (ok) coveredAtCheck += 1;
    }

    const token = await tokenFor(server);
    let coveredAtServer = 0;
    for (const limit of SERVER_LIMITS) {
      const reply = await callApi(
        server,
        token,
        limit.method,
        limit.path({ policy: newId("rateLimitPolicy") }),
        limit.body,
      );
      const message = (reply.json as { message?: string } | undefined)?.message ?? "";
      if (reply.status === 400 && message.includes(limit.names)) coveredAtServer += 1;
      else problems.push(`${limit.seed}: server answered ${reply.status} ${reply.text.slice(0, 160)}`);
    }
    // The lookup surfaces the server's refusal of an over-long id instead of a vague failure.
    const lookupError = await findByIdOrName(client, "rateLimitPolicy", { id: `rlp_${s(23, "1")}` }).then(
      () => undefined,
      (error: Error) => error,
    );
    if (!lookupError || !/id/.test(lookupError.message))
      problems.push(`lookup of a 27-character id: ${lookupError?.message ?? "succeeded"}`);

    const total = PROVIDER_LIMITS.length + SERVER_LIMITS.length;
    console.log(
      `provider limits: ${PROVIDER_LIMITS.map((limit) => `${limit.seed} → ${limit.resource}.${limit.property}`).join("; ")}`,
    );
    console.log(
      `server-side limits (not provider inputs): ${SERVER_LIMITS.map((limit) => `${limit.seed} (${limit.why})`).join("; ")}`,
    );
    printFigure("provider-limits", {
      covered: coveredAtCheck + coveredAtServer,
      limits: total,
      percent: Math.round(((coveredAtCheck + coveredAtServer) / total) * 1000) / 10,
      atCheck: `${coveredAtCheck}/${PROVIDER_LIMITS.length}`,
      atServer: `${coveredAtServer}/${SERVER_LIMITS.length}`,
    });
    expect(problems).toEqual([]);
  });

  test("generated inputs: whatever passes check is created without error (no failure at apply time)", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const runs = sized(200, 1_000);
    const around = (limit: number) => fc.integer({ min: Math.max(0, limit - 2), max: limit + 2 });
    /** Mostly valid values, sometimes invalid ones, so both sides of check are exercised. */
    const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });
    const nodeId = mostly(fc.constantFrom("step_1", "flow_1", "$ending"), fc.constantFrom("router_1", "ghost", ""));
    const formInputs = fc
      .record({
        name: fc.oneof(
          around(150).map((n) => s(n)),
          around(1).map((n) => s(n, "é")),
          fc.string({ maxLength: 5, unit: "grapheme" }),
        ),
        startNext: nodeId,
        flowNext: nodeId,
        routerFallback: nodeId,
        includeRouter: fc.boolean(),
        flowId: mostly(
          fc.constant("af_1"),
          fc.oneof(
            fc.constant(""),
            around(64).map((n) => s(n, "f")),
          ),
        ),
        hidden: fc.array(fc.record({ key: fc.string({ maxLength: 4 }), value: fc.string({ maxLength: 4 }) }), {
          maxLength: 2,
        }),
        css: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
        resume: fc.option(fc.boolean(), { nil: undefined }),
      })
      .map((g): Inputs => ({
        name: g.name,
        nodes: [
          {
            id: "step_1",
            type: "STEP",
            config: { components: [{ id: "c", category: "FIELD", type: "TEXT" }], next_node: "flow_1" },
          },
          { id: "flow_1", type: "FLOW", config: { flow_id: g.flowId, next_node: g.flowNext } },
          ...(g.includeRouter
            ? [
                {
                  id: "router_1",
                  type: "ROUTER",
                  config: { rules: [{ id: "r", condition: {}, next_node: "$ending" }], fallback: g.routerFallback },
                },
              ]
            : []),
        ],
        start: { next_node: g.startNext, hidden_fields: g.hidden },
        ...(g.css === undefined ? {} : { style: { css: g.css } }),
        ...(g.resume === undefined ? {} : { ending: { resume_flow: g.resume } }),
      }));
    const streamInputs = fc
      .record({
        name: fc.oneof(
          around(128).map((n) => s(n)),
          fc.string({ maxLength: 3 }),
        ),
        status: mostly<string | undefined>(
          fc.constantFrom("enabled", "disabled", undefined),
          fc.constantFrom("disabledx", ""),
        ),
        // Malformed types only: a well-formed unknown one passes check by design (the tenant refuses it).
        events: fc.array(mostly(fc.constantFrom(...EVENT_TYPES), fc.constantFrom("user", "User.Created")), {
          maxLength: 4,
        }),
        endpoint: mostly<string>(
          fc.constantFrom("https://hooks.example.com/in", "https://h.example.com:8443/a?b=c"),
          fc.constantFrom("http://hooks.example.com/in", "https://", "ftp://x"),
        ),
        auth: mostly<Record<string, string>>(
          fc.constantFrom<Record<string, string>>(
            { method: "basic", username: "u", password: "p-1" },
            { method: "bearer", token: "t-1" },
            { method: "custom_header", header_key: "X-Key", header_value: "v-1" },
          ),
          fc.constantFrom<Record<string, string>>(
            { method: "custom_header", header_key: "bad key", header_value: "v" },
            { method: "basic", username: "", password: "p" },
          ),
        ),
        eventbridge: fc.option(
          fc.tuple(fc.constantFrom("123456789012", "12345678901"), fc.constantFrom("eu-west-1", "EU")),
          { nil: undefined },
        ),
      })
      .map((g): Inputs => ({
        name: g.name,
        ...(g.status === undefined ? {} : { status: g.status }),
        subscriptions: g.events.map((event_type) => ({ event_type })),
        destination: g.eventbridge
          ? { type: "eventbridge", configuration: { aws_account_id: g.eventbridge[0], aws_region: g.eventbridge[1] } }
          : { type: "webhook", configuration: { webhook_endpoint: g.endpoint, webhook_authorization: g.auth } },
      }));
    const templateInputs = fc
      .tuple(
        mostly(fc.constant(true), fc.constant(false)),
        mostly(fc.constant(true), fc.constant(false)),
        fc.constantFrom(0, 1_000, 102_399, 102_400, 102_401),
      )
      .map(([head, widget, length]): Inputs => {
        const markup = `<html>${head ? "{%- auth0:head -%}" : ""}${widget ? "{%- auth0:widget -%}" : ""}</html>`;
        return { template: markup + s(Math.max(0, length - markup.length), "x") };
      });
    const cases = fc.sample(
      fc.oneof(
        formInputs.map((inputs) => ({ provider: formProvider, kind: "Form", inputs })),
        streamInputs.map((inputs) => ({ provider: eventStreamProvider, kind: "EventStream", inputs })),
        templateInputs.map((inputs) => ({ provider: loginTemplateProvider, kind: "LoginTemplate", inputs })),
      ),
      { numRuns: runs, seed },
    );

    let passedCheck = 0;
    let refusedAtCheck = 0;
    const applyFailures: string[] = [];
    for (const { provider, kind, inputs } of cases) {
      const failures = failuresOf(await provider.check!({}, inputs));
      if (failures.length) {
        refusedAtCheck += 1;
        continue;
      }
      passedCheck += 1;
      try {
        const created = await provider.create!(inputs);
        await provider.delete!(created.id, created.outs ?? {});
      } catch (error) {
        applyFailures.push(`${kind} ${JSON.stringify(inputs).slice(0, 300)}: ${(error as Error).message}`);
      }
    }
    printFigure("provider-check-vs-apply", {
      generated: cases.length,
      seed,
      passedCheck,
      refusedAtCheck,
      applyFailures: applyFailures.length,
    });
    expect(applyFailures).toEqual([]);
    expect(passedCheck).toBeGreaterThan(0);
    expect(refusedAtCheck).toBeGreaterThan(0);
  });
});
