/** The hosted login page template: the four PUT body forms, 201 vs 204, size bound, required tags, scopes. */
import { expectError, startHarness, TEMPLATE, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/branding/templates/universal-login";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    clients: [{ client_id: "reader", client_secret: "reader-secret", scopes: ["read:branding"], global: false }],
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.call("DELETE", PATH);
});

/** Markup of exactly `length` characters with both tags. */
const markupOf = (length: number) => {
  const padding = length - TEMPLATE.length;
  return TEMPLATE.replace("<body>", `<body>${"x".repeat(padding)}`);
};

test("GET without a template is 404 inexistent_templates_universal_login", async () => {
  const body = expectError(await h.call("GET", PATH), 404, "inexistent_templates_universal_login");
  expect(body.message).toBe("Template does not exist.");
});

test.each([
  ["a JSON object {template}", { template: TEMPLATE }, undefined],
  ["a bare JSON string", TEMPLATE, undefined],
  ["text/html", TEMPLATE, "text/html"],
  ["text/html with a charset", TEMPLATE, "text/html; charset=utf-8"],
  ["a JSON object with a charset", JSON.stringify({ template: TEMPLATE }), "application/json; charset=UTF-8"],
  ["form encoding", `template=${encodeURIComponent(TEMPLATE)}`, "application/x-www-form-urlencoded"],
])(
  "PUT with %s: 201 {} when created, 204 when replaced (no body), GET returns {body}",
  async (_form, body, contentType) => {
    const created = await h.call("PUT", PATH, { body, contentType });
    expect([created.status, created.json]).toEqual([201, {}]);
    const replaced = await h.call("PUT", PATH, { body, contentType });
    expect([replaced.status, replaced.text]).toEqual([204, ""]);
    expect((await h.call("GET", PATH)).json).toEqual({ body: TEMPLATE });
  },
);

test("DELETE is 204 with or without a template", async () => {
  await h.call("PUT", PATH, { body: { template: TEMPLATE } });
  const first = await h.call("DELETE", PATH);
  expect([first.status, first.text]).toEqual([204, ""]);
  expect((await h.call("DELETE", PATH)).status).toBe(204);
  expect((await h.call("GET", PATH)).status).toBe(404);
});

test.each([
  ["JSON object", false],
  ["text/html", true],
])("size: 102400 characters accepted, 102401 refused (%s)", async (_form, html) => {
  const send = (markup: string) =>
    h.call("PUT", PATH, html ? { body: markup, contentType: "text/html" } : { body: { template: markup } });
  expect(markupOf(102400)).toHaveLength(102400);
  expect((await send(markupOf(102400))).status).toBe(201);
  expect((await h.call("GET", PATH)).json.body).toHaveLength(102400);
  expectError(await send(markupOf(102401)), 400, "invalid_body");
});

test("size is counted in characters, not bytes", async () => {
  const markup = TEMPLATE.replace("<body>", `<body>${"é".repeat(102400 - TEMPLATE.length)}`);
  expect((await h.call("PUT", PATH, { body: markup, contentType: "text/html" })).status).toBe(201);
});

test.each([
  ["without the head tag", TEMPLATE.replace("{%- auth0:head -%}", "")],
  ["without the widget tag", TEMPLATE.replace("{%- auth0:widget -%}", "")],
])("markup %s is a 400", async (_what, markup) => {
  expect(expectError(await h.call("PUT", PATH, { body: { template: markup } }), 400, "invalid_body").message).toContain(
    "auth0:",
  );
});

test.each([
  ["a number", 42],
  ["an object without template", { body: TEMPLATE }],
  ["template plus another key", { template: TEMPLATE, extra: true }],
  ["a non-string template", { template: 7 }],
])("PUT with %s is a 400", async (_what, body) => {
  expectError(await h.call("PUT", PATH, { body }), 400, "invalid_body");
});

test("PUT form encoded without a template is a 400, in another media type a 415", async () => {
  expectError(
    await h.call("PUT", PATH, { body: "body=x", contentType: "application/x-www-form-urlencoded" }),
    400,
    "invalid_body",
  );
  expectError(await h.call("PUT", PATH, { body: TEMPLATE, contentType: "text/plain" }), 415);
});

test("scopes: read:branding reads; update and delete need their own scopes", async () => {
  await h.call("PUT", PATH, { body: { template: TEMPLATE } });
  const token = await tokenFor(h.server, "reader", "reader-secret");
  expect((await h.call("GET", PATH, { token })).status).toBe(200);
  expect(
    expectError(await h.call("PUT", PATH, { token, body: { template: TEMPLATE } }), 403, "insufficient_scope").message,
  ).toBe("Insufficient scope, expected any of: update:branding");
  expect(expectError(await h.call("DELETE", PATH, { token }), 403).message).toBe(
    "Insufficient scope, expected any of: delete:branding",
  );
});
