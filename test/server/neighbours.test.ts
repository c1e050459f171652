/**
 * The neighbours Auth0's deploy CLI reads before the managed kinds: the branding settings
 * (GET/PATCH, null clears) and the clients list, in the published shapes (the actions, a kind
 * of the table, are actions.test.ts).
 */
import { expectError, startHarness, type Harness } from "./helpers";

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
