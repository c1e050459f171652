/**
 * Issue 7, item 5: generated hostile bodies (fast-check) at every route of the tenant
 * server, in every content type it knows and some it does not: wrong types, huge
 * strings, deep nesting, invalid UTF-8, `__proto__`/`constructor` keys, malformed
 * form encodings, bare strings, oversize bodies, plus fuzzed path ids and query strings.
 *
 * Figure: bodies tried, 5xx = 0, crashes = 0 (the server stops answering), every
 * rejection in the service's error shape (the token endpoint answers in the OAuth
 * shape `{error, error_description}`, as the real service does), and Object.prototype
 * untouched. The seed is printed; `FUZZ_SEED=<n>` replays a run.
 */
import fc from "fast-check";
import qs from "qs";
import { startTenantServer, type TenantServer } from "../../server/index";
import {
  callApi,
  eventStreamBody,
  formBody,
  FULL,
  isShapedRejection,
  policyBody,
  printFigure,
  sendRaw,
  sized,
  TEMPLATE,
  tokenFor,
  type RawReply,
} from "./support";

jest.setTimeout(FULL ? 1_800_000 : 300_000);

/** A route that takes a body. */
interface BodyRoute {
  method: string;
  /** Path under the server origin, with `{id}` for the fixture's id. */
  path: string;
  /** A body the route accepts, the starting point of mutations. */
  valid: () => unknown;
  /** The token endpoint speaks OAuth errors; everything else the service's shape. */
  oauth?: boolean;
}

/** One generated request. */
interface Sample {
  kind: string;
  method: string;
  path: string;
  contentType?: string;
  body?: string | Uint8Array;
  oauth?: boolean;
  /** What a fixed corpus entry is, for the failure list. */
  note?: string;
}

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const HTML_TYPE = "text/html";
const OTHER_TYPES = [
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/x-www-form-urlencoded; charset=iso-8859-1",
  "text/html; charset=utf-8",
  "x/y;;;=",
  "*/*",
  "",
];

const BODY_ROUTES: BodyRoute[] = [
  {
    method: "POST",
    path: "/oauth/token",
    oauth: true,
    valid: () => ({ grant_type: "client_credentials", client_id: "x", client_secret: "y", audience: "/api/v2/" }),
  },
  {
    method: "POST",
    path: "/oauth/token/",
    oauth: true,
    valid: () => ({ grant_type: "client_credentials", client_id: "x", client_secret: "y" }),
  },
  { method: "POST", path: "/api/v2/rate-limit-policies", valid: () => policyBody("client_id:fuzz") },
  {
    method: "PATCH",
    path: "/api/v2/rate-limit-policies/{policy}",
    valid: () => ({ configuration: { action: "redirect", limit: 5, redirect_uri: "https://example.com/slow" } }),
  },
  {
    method: "POST",
    path: "/api/v2/forms",
    valid: () => ({
      ...formBody("fuzz"),
      messages: { errors: { ERR: "bad" }, custom: { hi: "there" } },
      languages: { primary: "en", default: "en" },
      translations: { fr: { hello: "bonjour" } },
      nodes: [
        {
          id: "step_1",
          type: "STEP",
          coordinates: { x: 1, y: 2 },
          config: {
            components: [
              { id: "email", category: "FIELD", type: "EMAIL", config: { placeholder: "e" } },
              { id: "captcha", category: "WIDGET", type: "RECAPTCHA", config: { site_key: "s", secret_key: "k" } },
              {
                id: "custom",
                category: "FIELD",
                type: "CUSTOM",
                config: { schema: { deep: [1, { a: "b" }] }, code: "x" },
              },
            ],
            next_node: "flow_1",
          },
        },
        { id: "flow_1", type: "FLOW", alias: "f", config: { flow_id: "af_1", next_node: "router_1" } },
        {
          id: "router_1",
          type: "ROUTER",
          config: {
            rules: [{ id: "r1", alias: "a", condition: { op: "EQ", operands: [1, 1] }, next_node: "$ending" }],
            fallback: "step_1",
          },
        },
      ],
      start: { hidden_fields: [{ key: "k", value: "v" }], next_node: "step_1", coordinates: { x: 0, y: 0 } },
      ending: {
        redirection: { target: "https://example.com", delay: 2 },
        after_submit: { flow_id: "af_2" },
        resume_flow: true,
      },
      style: { css: "body{}" },
    }),
  },
  {
    method: "PATCH",
    path: "/api/v2/forms/{form}",
    valid: () => ({ name: "fuzz", messages: null, style: { css: "a{}" } }),
  },
  { method: "PUT", path: "/api/v2/branding/templates/universal-login", valid: () => ({ template: TEMPLATE }) },
  { method: "POST", path: "/api/v2/event-streams", valid: () => ({ ...eventStreamBody("fuzz"), status: "disabled" }) },
  {
    method: "PATCH",
    path: "/api/v2/event-streams/{stream}",
    valid: () => ({ name: "fuzz", status: "enabled", subscriptions: [{ event_type: "user.deleted" }] }),
  },
  {
    method: "POST",
    path: "/api/v2/clients",
    valid: () => ({
      name: "fuzz",
      app_type: "spa",
      callbacks: ["https://app.example/callback"],
      web_origins: ["https://app.example"],
      grant_types: ["authorization_code"],
      client_metadata: { team: "fuzz" },
    }),
  },
  {
    method: "PATCH",
    path: "/api/v2/clients/{client}",
    valid: () => ({ description: "fuzz", callbacks: ["com.example.app://cb"], client_metadata: { team: null } }),
  },
  {
    method: "POST",
    path: "/api/v2/users",
    valid: () => ({
      connection: "Username-Password-Authentication",
      email: "fuzz@example.com",
      password: "Fuzz-Pass-1",
      user_metadata: { a: [1, { b: "c" }] },
      blocked: false,
    }),
  },
  {
    method: "PATCH",
    path: "/api/v2/users/{user}",
    valid: () => ({ user_metadata: { a: null }, app_metadata: { plan: "x" }, name: "fuzz", blocked: true }),
  },
  {
    method: "PATCH",
    path: "/api/v2/connections/{connection}",
    valid: () => ({ options: { passwordPolicy: "good", password_complexity_options: { min_length: 8 } } }),
  },
  // Routes that take no body, sent one anyway.
  { method: "GET", path: "/api/v2/forms", valid: () => ({}) },
  { method: "DELETE", path: "/api/v2/branding/templates/universal-login", valid: () => ({}) },
];

const GET_PATHS = [
  "/api/v2/forms",
  "/api/v2/event-streams",
  "/api/v2/rate-limit-policies",
  "/api/v2/clients",
  "/api/v2/users",
  "/api/v2/connections",
];
const ID_PATHS = [
  "/api/v2/forms/",
  "/api/v2/event-streams/",
  "/api/v2/rate-limit-policies/",
  "/api/v2/clients/",
  "/api/v2/users/",
  "/api/v2/connections/",
];
const QUERY_KEYS = [
  "page",
  "per_page",
  "include_totals",
  "hydrate",
  "from",
  "take",
  "resource",
  "consumer",
  "consumer_selector",
  "q",
  "fields",
];

// ---------------------------------------------------------------- value generators

/** Strings that break naive code: huge, astral, NUL, markup, lone surrogates. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40, unit: "binary" }),
  fc
    .constantFrom(128, 129, 150, 151, 255, 256, 1025, 4097, 102_400, 102_401, 400_000)
    .chain((n) =>
      fc.constantFrom("a", "é", "😀", "\u0000", "<", "\ud800", "$").map((c) => c.repeat(Math.ceil(n / c.length))),
    ),
  fc.constantFrom(
    "",
    " ",
    "$ending",
    "__proto__",
    "constructor",
    "toString",
    "{%- auth0:head -%}",
    "javascript:alert(1)",
    "http://x",
    "https://",
    "NaN",
  ),
);

/** Nested arrays or objects as field values (deeper ones are sent as raw text: see `deepText`). */
const deepValue = fc.constantFrom(100, 1_000, 3_000).chain((depth) =>
  fc.constantFrom("array", "object").map((shape) => {
    let value: unknown = "leaf";
    for (let i = 0; i < depth; i++) value = shape === "array" ? [value] : { a: value };
    return value;
  }),
);

/** A value of the wrong type for almost any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: deepValue },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, 0, -1, 1.5, 1e308, -1e308, 10001, 2 ** 53 + 1, [], {}, [null], {
      __proto__: null,
    }),
  },
);

/** Wrong values for form encodings (qs cannot render very deep values; deep form keys are hand-made below). */
const shallowWrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyString,
  fc.constantFrom(null, true, 0, -1, 1.5, 10001, [], {}),
);

/** Every path (as key lists) inside a JSON value. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...pathsOf(item, [...prefix, index])));
  else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) out.push(...pathsOf(inner, [...prefix, key]));
  }
  return out;
}

/** A copy of `value` with `replacement` at `path` (or the key removed when `replacement` is the symbol). */
const REMOVE = Symbol("remove");
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && replacement === REMOVE) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(Number(head), 1);
    else delete copy[head];
  } else {
    copy[head] = replaceAt(copy[head], rest, replacement);
  }
  return copy;
}

/** `text` as UTF-8 bytes with invalid sequences spliced in after the first quote of a string value. */
function withInvalidUtf8(text: string, junk: number[], position: number): Uint8Array {
  const bytes = Buffer.from(text, "utf8");
  const quotes = [...bytes.keys()].filter(
    (index) => bytes[index] === 0x22 || bytes[index] === 0x3d || bytes[index] === 0x3e,
  );
  const at = quotes.length ? quotes[position % quotes.length] + 1 : Math.min(position, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(junk), bytes.subarray(at)]);
}

const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x00],
];

/** Raw JSON texts that try to reach a prototype, at the top and inside nested fields. */
const PROTO_TEXTS = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"name":"p","__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"name":"p","translations":{"__proto__":{"polluted":"yes"}}}',
  '{"name":"p","messages":{"custom":{"constructor":{"prototype":{"polluted":"yes"}}}}}',
  '{"name":"p","nodes":[{"id":"s","type":"STEP","config":{"components":[{"id":"c","category":"BLOCK","type":"TEXT","__proto__":{"polluted":"yes"}}]}}]}',
  '{"name":"p","nodes":[{"id":"s","type":"STEP","config":{"components":[{"id":"c","category":"BLOCK","type":"TEXT","constructor":{"prototype":{"polluted":"yes"}}}]}}]}',
  '{"configuration":{"action":"allow","__proto__":{"polluted":"yes"}}}',
  '{"destination":{"type":"webhook","configuration":{"webhook_endpoint":"https://a.b","webhook_authorization":{"method":"basic","username":"u","password":"p","__proto__":{"polluted":"yes"}}}}}',
  '{"template":"x","constructor":{"prototype":{"polluted":"yes"}}}',
  '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":"yes"}}',
  '[{"__proto__":{"polluted":"yes"}}]',
];
const PROTO_FORMS = [
  "__proto__[polluted]=yes",
  "name=p&__proto__[polluted]=yes",
  "constructor[prototype][polluted]=yes",
  "name[__proto__][polluted]=yes",
  "name=p&translations[__proto__][polluted]=yes",
  "name=p&nodes[0][__proto__][polluted]=yes",
  "__proto__.polluted=yes",
  "name=p&nodes[__proto__][polluted]=yes",
  "destination[constructor][prototype][polluted]=yes",
  "prototype[polluted]=yes",
  "grant_type=client_credentials&__proto__[client_id]=x",
];

/** Form-encoded bodies: qs renderings of generated objects and hand-made malformations. */
const formText = (route: BodyRoute): fc.Arbitrary<string> =>
  fc.oneof(
    fc.tuple(fc.nat(), shallowWrongValue).map(([index, value]) => {
      const valid = route.valid();
      const paths = pathsOf(valid);
      return qs.stringify(replaceAt(valid, paths[index % paths.length], value) as object, { allowDots: false });
    }),
    fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => (typeof value === "object" && value !== null ? qs.stringify(value) : String(value))),
    fc.string({ maxLength: 200, unit: "binary" }),
    fc.constantFrom(
      "a[[[[[[=1",
      "a]]]]=1",
      "a[b[c]d]=1",
      "&&&&",
      "=&=&=",
      "%",
      "%zz=%zz",
      "name=%E0%A4%A",
      "name=%FF%FE",
      `${"a".repeat(3000)}=1`,
      `name=x&nodes[999999999][id]=s`,
      `name=x&nodes[-1][id]=s`,
      `name=x&nodes[1e9][id]=s`,
      `name=x&${Array.from({ length: 25 }, () => "[a]")
        .join("")
        .replace(/^/, "translations")}=deep`,
      Array.from({ length: 25_000 }, (_, i) => `p${i}=v`).join("&"),
      Array.from({ length: 2_000 }, () => "nodes[]=x").join("&"),
      "name[]=a&name[]=b",
      "name[a]=1",
      "subscriptions[0][event_type][0]=user.created",
      "status[length]=3",
    ),
    fc.constantFrom(...PROTO_FORMS),
  );

/** Every way of sending a body to `route`. */
function bodiesFor(route: BodyRoute): fc.Arbitrary<Omit<Sample, "method" | "path">> {
  const json = (kind: string, text: string, contentType = JSON_TYPE) => ({ kind, contentType, body: text });
  const mutation = fc.tuple(fc.nat(), wrongValue, fc.boolean()).map(([index, value, remove]) => {
    const valid = route.valid();
    const paths = pathsOf(valid);
    const path = paths[index % paths.length];
    return json(
      remove && path.length ? "json-missing-field" : "json-wrong-value",
      JSON.stringify(replaceAt(valid, path, remove && path.length ? REMOVE : value)),
    );
  });
  const extraKey = fc.tuple(fc.nat(), fc.string({ maxLength: 20 }), wrongValue).map(([index, key, value]) => {
    const valid = route.valid();
    const objects = pathsOf(valid).filter((p) => {
      const at = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], valid);
      return typeof at === "object" && at !== null && !Array.isArray(at);
    });
    const path = objects[index % objects.length];
    return json("json-extra-key", JSON.stringify(replaceAt(valid, [...path, key], value)));
  });
  const deepText = fc
    .constantFrom(1_000, 50_000, 200_000)
    .chain((depth) =>
      fc.constantFrom(
        json("json-deep", `${"[".repeat(depth)}${"]".repeat(depth)}`),
        json("json-deep", `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
        json("json-deep", `{"name":"d","translations":{"en":${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}}}`),
        json(
          "json-deep",
          `{"name":"d","nodes":[{"id":"s","type":"STEP","config":{"components":[{"id":"c","category":"BLOCK","type":"T","x":${"[".repeat(depth)}${"]".repeat(depth)}}]}}]}`,
        ),
        json("json-deep", `{"template":${"[".repeat(depth)}${"]".repeat(depth)}}`),
      ),
    );
  const invalidUtf8 = fc
    .tuple(fc.constantFrom(...INVALID_UTF8), fc.nat(), fc.constantFrom(JSON_TYPE, FORM_TYPE, HTML_TYPE))
    .map(([junk, position, contentType]) => {
      const valid = route.valid();
      const text =
        contentType === JSON_TYPE
          ? JSON.stringify(valid)
          : contentType === FORM_TYPE
            ? qs.stringify(valid as object)
            : TEMPLATE;
      return { kind: "invalid-utf8", contentType, body: withInvalidUtf8(text, junk, position) };
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutation },
    { weight: 2, arbitrary: extraKey },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((value) => json("json-any", JSON.stringify(value))) },
    { weight: 2, arbitrary: fc.string({ maxLength: 300, unit: "binary" }).map((text) => json("json-malformed", text)) },
    { weight: 1, arbitrary: nastyString.map((text) => json("json-bare-string", JSON.stringify(text))) },
    { weight: 1, arbitrary: deepText },
    { weight: 2, arbitrary: invalidUtf8 },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_TEXTS).map((text) => json("json-proto", text)) },
    { weight: 3, arbitrary: formText(route).map((text) => ({ kind: "form", contentType: FORM_TYPE, body: text })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(nastyString, fc.constant(TEMPLATE))
        .map((text) => ({ kind: "html", contentType: HTML_TYPE, body: text })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...OTHER_TYPES),
          fc.oneof(fc.string({ maxLength: 100 }), fc.constant(JSON.stringify(route.valid()))),
        )
        .map(([contentType, text]) => ({ kind: "other-content-type", contentType, body: text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(JSON_TYPE, FORM_TYPE, HTML_TYPE, undefined)
        .map((contentType) => ({ kind: "empty", contentType, body: "" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(JSON_TYPE, FORM_TYPE, HTML_TYPE)
        .map((contentType) => ({ kind: "oversize", contentType, body: `{"name":"${"x".repeat(1024 * 1024 + 10)}"}` })),
    },
  );
}

/** A generated path id or query string against a route without a body. */
const pathOrQuery: fc.Arbitrary<Omit<Sample, "oauth">> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...ID_PATHS),
      fc.constantFrom("GET", "PATCH", "DELETE"),
      fc.oneof(
        fc.string({ maxLength: 60 }).map(encodeURIComponent),
        fc.constantFrom(
          "%ZZ",
          "%",
          "%00",
          "%2e%2e%2f%2e%2e",
          "..",
          "ap_",
          "est_",
          "rlp_",
          "ap_0OIl0OIl0OIl0OIl0OIl00",
          `ap_${"1".repeat(200)}`,
          `est_${"1".repeat(22)}`,
          `est_${"1".repeat(23)}`,
          "rlp_1111111111111111111111",
          `${"%41".repeat(3000)}`,
          "%F0%9F%98%80",
          "%C0%80",
          "%ED%A0%80",
        ),
      ),
    )
    .map(([base, method, id]) => ({
      kind: "path-id",
      method,
      path: `${base}${id}`,
      contentType: method === "PATCH" ? JSON_TYPE : undefined,
      body: method === "PATCH" ? "{}" : undefined,
    })),
  fc
    .tuple(
      fc.constantFrom(...GET_PATHS),
      fc.array(
        fc.tuple(
          fc.constantFrom(...QUERY_KEYS),
          fc.boolean(),
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.constantFrom(
              "-1",
              "0",
              "1e3",
              "999999999999999999999",
              "true",
              "TRUE",
              "%",
              "a[b]=c",
              "[]",
              "c2VxOi0x",
              "c2VxOjk5OTk5OTk5OTk5OTk5OTk5OTk5",
            ),
          ),
        ),
        { maxLength: 5 },
      ),
    )
    .map(([base, pairs]) => ({
      kind: "query",
      method: "GET",
      path: `${base}?${pairs.map(([key, bracket, value]) => `${key}${bracket ? "[]" : ""}=${encodeURIComponent(value)}`).join("&")}`,
    })),
);

/**
 * The fixed part of the corpus, sent to every body route every run: the prototype
 * pollution texts, deep nesting at several depths in the top level, in an opaque form
 * component and in translations, each invalid UTF-8 sequence, and an oversize body.
 */
function fixedCorpus(route: BodyRoute): Omit<Sample, "method" | "path">[] {
  const json = (kind: string, text: string, note?: string) => ({ kind, contentType: JSON_TYPE, body: text, note });
  const out: Omit<Sample, "method" | "path">[] = [];
  out.push(...PROTO_TEXTS.map((text) => json("json-proto", text)));
  out.push(...PROTO_FORMS.map((text) => ({ kind: "form-proto", contentType: FORM_TYPE, body: text })));
  for (const depth of [1_000, 5_000, 20_000, 100_000]) {
    out.push(json("json-deep", `${"[".repeat(depth)}${"]".repeat(depth)}`, `arrays ${depth} deep at the top`));
    out.push(
      json(
        "json-deep",
        `{"name":"d","translations":{"en":${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}}}`,
        `objects ${depth} deep in translations`,
      ),
    );
    out.push(
      json(
        "json-deep",
        `{"name":"d","nodes":[{"id":"s","type":"STEP","config":{"components":[{"id":"c","category":"BLOCK","type":"T","x":${"[".repeat(depth)}${"]".repeat(depth)}}]}}]}`,
        `arrays ${depth} deep in a form component`,
      ),
    );
  }
  const valid = JSON.stringify(route.valid());
  out.push(
    ...INVALID_UTF8.map((junk) => ({
      kind: "invalid-utf8",
      contentType: JSON_TYPE,
      body: withInvalidUtf8(valid, junk, 0),
    })),
  );
  out.push({ kind: "oversize", contentType: JSON_TYPE, body: `{"name":"${"x".repeat(1024 * 1024 + 10)}"}` });
  return out;
}

// ---------------------------------------------------------------- the run

describe("fuzzed input at the tenant server", () => {
  let server: TenantServer;
  let token: string;
  const fixtures: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTenantServer({ port: 0, logger: false, rateLimit: 1_000_000 });
    token = await tokenFor(server);
    fixtures.form = ((await callApi(server, token, "POST", "/forms", formBody("fixture"))).json as { id: string }).id;
    fixtures.stream = (
      (await callApi(server, token, "POST", "/event-streams", eventStreamBody("fixture"))).json as { id: string }
    ).id;
    fixtures.policy = (
      (await callApi(server, token, "POST", "/rate-limit-policies", policyBody("default"))).json as { id: string }
    ).id;
    fixtures.client = (
      (await callApi(server, token, "POST", "/clients", { name: "fixture" })).json as { client_id: string }
    ).client_id;
    const user = await callApi(server, token, "POST", "/users", {
      connection: "Username-Password-Authentication",
      email: "fixture@example.com",
      password: "Fixture-Pass-1",
    });
    fixtures.user = encodeURIComponent((user.json as { user_id: string }).user_id);
    fixtures.connection = ((await callApi(server, token, "GET", "/connections")).json as { id: string }[])[0].id;
  });

  afterAll(async () => {
    await server?.close();
  });

  test("no 5xx, no crash, every rejection shaped, no prototype pollution", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const runs = sized(1_200, 10_000);
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort().join(",");
    const arrayPrototypeBefore = Object.getOwnPropertyNames(Array.prototype).sort().join(",");
    const bodySample: fc.Arbitrary<Sample> = fc.constantFrom(...BODY_ROUTES).chain((route) =>
      bodiesFor(route).map((body) => ({
        ...body,
        method: route.method,
        path: route.path.replace(/\{(\w+)\}/, (_m, key: string) => fixtures[key]),
        oauth: route.oauth,
      })),
    );
    const samples: Sample[] = [
      ...BODY_ROUTES.flatMap((route) =>
        fixedCorpus(route).map((body) => ({
          ...body,
          method: route.method,
          path: route.path.replace(/\{(\w+)\}/, (_m, key: string) => fixtures[key]),
          oauth: route.oauth,
        })),
      ),
      ...fc.sample(fc.oneof({ weight: 6, arbitrary: bodySample }, { weight: 1, arbitrary: pathOrQuery }), {
        numRuns: runs,
        seed,
      }),
    ];

    const byKind = new Map<string, number>();
    const serverErrors: string[] = [];
    const misshapen: string[] = [];
    const notJson: string[] = [];
    let crashes = 0;
    let tried = 0;
    let rejected = 0;
    let clientSideRefusals = 0;
    const describeSample = (sample: Sample) =>
      `${sample.kind}${sample.note ? ` (${sample.note})` : ""} ${sample.method} ${sample.path.slice(0, 80)} [${sample.contentType ?? "no type"}] ${typeof sample.body === "string" ? sample.body.slice(0, 80) : sample.body ? `<${sample.body.length} bytes>` : ""}`;

    for (const [index, sample] of samples.entries()) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (sample.contentType !== undefined) headers["content-type"] = sample.contentType;
      let reply: RawReply;
      try {
        reply = await sendRaw(`${server.url}${sample.path}`, { method: sample.method, headers, body: sample.body });
      } catch (error) {
        // node:http itself refused to send it (an invalid header value, a path it cannot write): not a server outcome.
        if (
          (error as { code?: string }).code?.startsWith("ERR_INVALID") ||
          (error as { code?: string }).code === "ERR_UNESCAPED_CHARACTERS"
        ) {
          clientSideRefusals += 1;
          continue;
        }
        // The connection failed: counted with the 5xx, then the liveness check below sees whether the server still answers.
        reply = { status: 599, headers: new Headers(), text: `connection failed: ${String(error)}`, json: undefined };
      }
      tried += 1;
      byKind.set(sample.kind, (byKind.get(sample.kind) ?? 0) + 1);
      if (reply.status >= 500)
        serverErrors.push(`${describeSample(sample)} → ${reply.status} ${reply.text.slice(0, 120)}`);
      else if (reply.status >= 400) {
        rejected += 1;
        const oauthShaped =
          sample.oauth &&
          typeof (reply.json as { error?: unknown })?.error === "string" &&
          typeof (reply.json as { error_description?: unknown }).error_description === "string";
        if (!isShapedRejection(reply) && !oauthShaped)
          misshapen.push(`${describeSample(sample)} → ${reply.status} ${reply.text.slice(0, 120)}`);
      } else if (reply.status !== 204 && reply.json === undefined) {
        notJson.push(`${describeSample(sample)} → ${reply.status} ${reply.text.slice(0, 80)}`);
      }
      if (index % 50 === 49 || reply.status >= 500) {
        const alive = await callApi(server, token, "GET", "/forms?per_page=1").then(
          (r) => r.status === 200,
          () => false,
        );
        if (!alive) {
          crashes += 1;
          break;
        }
      }
    }
    const polluted =
      Object.getOwnPropertyNames(Object.prototype).sort().join(",") !== prototypeBefore ||
      Object.getOwnPropertyNames(Array.prototype).sort().join(",") !== arrayPrototypeBefore ||
      ({} as Record<string, unknown>).polluted !== undefined ||
      ({} as Record<string, unknown>).isAdmin !== undefined;

    console.log(
      `fuzz breakdown (seed ${seed}): ${[...byKind].map(([kind, n]) => `${kind}=${n}`).join(" ")}; rejected=${rejected} clientSideRefusals=${clientSideRefusals}`,
    );
    if (serverErrors.length) console.log(`5xx / connection failures:\n${serverErrors.slice(0, 20).join("\n")}`);
    if (misshapen.length) console.log(`rejections not in the error shape:\n${misshapen.slice(0, 20).join("\n")}`);
    printFigure("server-fuzz", {
      tried,
      seed,
      "5xx": serverErrors.length,
      crashes,
      misshapenRejections: misshapen.length,
      nonJsonSuccess: notJson.length,
      prototypePolluted: polluted ? 1 : 0,
    });
    expect(serverErrors).toEqual([]);
    expect(crashes).toBe(0);
    expect(misshapen).toEqual([]);
    expect(notJson).toEqual([]);
    expect(polluted).toBe(false);
  });
});
