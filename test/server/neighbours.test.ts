/**
 * The neighbours Auth0's deploy CLI reads before the managed kinds: the branding settings
 * (GET/PATCH, null clears), the actions an event stream's action destination names (list,
 * get, create, delete), and the clients list — in the published shapes.
 */
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    clients: [{ client_id: "reader", client_secret: "reader-secret", scopes: ["read:forms"], global: false }],
  });
});
afterAll(() => h.close());

describe("branding settings", () => {
  test("a fresh tenant answers {}; PATCH merges, null clears a field, and GET answers what PATCH did", async () => {
    expect((await h.call("GET", "/api/v2/branding")).json).toEqual({});
    const first = await h.call("PATCH", "/api/v2/branding", {
      body: {
        colors: { primary: "#0059d6", page_background: "#000000" },
        logo_url: "https://example.com/logo.png",
        font: { url: "https://example.com/font.woff" },
      },
    });
    expect(first.status).toBe(200);
    const second = await h.call("PATCH", "/api/v2/branding", {
      body: { colors: { page_background: null }, favicon_url: "https://example.com/favicon.ico", font: null },
    });
    const expected = {
      colors: { primary: "#0059d6" },
      logo_url: "https://example.com/logo.png",
      favicon_url: "https://example.com/favicon.ico",
    };
    expect(second.json).toEqual(expected);
    expect((await h.call("GET", "/api/v2/branding")).json).toEqual(expected);
  });

  test("refuses an http:// logo, a color that is not one, and an unknown field", async () => {
    for (const body of [{ logo_url: "http://example.com/x.png" }, { colors: { primary: "blue" } }, { theme: 1 }]) {
      expectError(await h.call("PATCH", "/api/v2/branding", { body }), 400, "invalid_body");
    }
  });
});

describe("actions", () => {
  test("create, list ({actions, total, page, per_page}, by name), get, delete, then 404", async () => {
    const created = await h.call("POST", "/api/v2/actions/actions", {
      body: { name: "forward events", supported_triggers: [{ id: "event-stream" }], code: "exports.onExecute = 1" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "forward events",
      supported_triggers: [{ id: "event-stream", version: "v1" }],
      all_changes_deployed: true,
    });
    const id = created.json.id as string;
    const listed = await h.call("GET", "/api/v2/actions/actions?actionName=forward%20events&per_page=10");
    expect(listed.json).toEqual({ actions: [created.json], total: 1, page: 0, per_page: 10 });
    expect((await h.call("GET", "/api/v2/actions/actions?actionName=other")).json.total).toBe(0);
    expect((await h.call("GET", `/api/v2/actions/actions/${id}`)).json).toEqual(created.json);
    expect((await h.call("DELETE", `/api/v2/actions/actions/${id}`)).status).toBe(204);
    expectError(await h.call("GET", `/api/v2/actions/actions/${id}`), 404, "inexistent_action");
  });

  test("a client without read:actions is refused with 403", async () => {
    const token = await tokenFor(h.server, "reader", "reader-secret");
    expectError(await h.call("GET", "/api/v2/actions/actions", { token }), 403, "insufficient_scope");
  });
});

describe("clients", () => {
  test("lists the tenant's clients, bare or with totals, and never a secret", async () => {
    const bare = await h.call("GET", "/api/v2/clients");
    expect(bare.json.map((client: { client_id: string }) => client.client_id)).toEqual([
      h.server.credentials.clientId,
      "reader",
    ]);
    expect(bare.text).not.toContain(h.server.credentials.clientSecret);
    expect(bare.text).not.toContain("reader-secret");
    const paged = await h.call("GET", "/api/v2/clients?include_totals=true&per_page=1&page=1");
    expect(paged.json).toEqual({
      start: 1,
      limit: 1,
      total: 2,
      clients: [expect.objectContaining({ client_id: "reader" })],
    });
  });
});
