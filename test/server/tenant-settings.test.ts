/**
 * `/api/v2/tenants/settings`, the neighbour Auth0's deploy CLI reads before it exports custom
 * text (`enabled_locales`): a fresh tenant speaks English; PATCH merges and answers the whole
 * settings; the service's scopes guard it; a bad locale, a bad value and a setting the local
 * tenant does not model are 400s in the service's error shape, naming what is wrong.
 */
import { expectError, startHarness, tokenFor, type Harness } from "./helpers";

const PATH = "/api/v2/tenants/settings";

let h: Harness;
let settingsToken: string;
let readerToken: string;
beforeAll(async () => {
  h = await startHarness({
    clients: [
      {
        client_id: "settings",
        client_secret: "settings-secret",
        scopes: ["read:tenant_settings", "update:tenant_settings"],
        global: false,
      },
      { client_id: "reader", client_secret: "reader-secret", scopes: ["read:tenant_settings"], global: false },
    ],
  });
  settingsToken = await tokenFor(h.server, "settings", "settings-secret");
  readerToken = await tokenFor(h.server, "reader", "reader-secret");
});
afterAll(() => h.close());

test("a fresh tenant speaks English; PATCH merges the fields it names and answers the whole settings", async () => {
  const fresh = await h.call("GET", PATH, { token: readerToken });
  expect(fresh.status).toBe(200);
  expect(fresh.json).toEqual({ enabled_locales: ["en"] });
  const first = await h.call("PATCH", PATH, {
    token: settingsToken,
    body: { enabled_locales: ["fr", "en"], friendly_name: "Example Inc." },
  });
  expect(first.status).toBe(200);
  expect(first.json).toEqual({ enabled_locales: ["fr", "en"], friendly_name: "Example Inc." });
  const second = await h.call("PATCH", PATH, { token: settingsToken, body: { support_email: "help@example.com" } });
  const expected = { enabled_locales: ["fr", "en"], friendly_name: "Example Inc.", support_email: "help@example.com" };
  expect(second.json).toEqual(expected);
  expect((await h.call("GET", PATH, { token: readerToken })).json).toEqual(expected);
});

test("the service's scopes guard it: reading needs read:tenant_settings, a change update:tenant_settings", async () => {
  expectError(await h.call("GET", PATH, { token: null }), 401);
  const refused = expectError(
    await h.call("PATCH", PATH, { token: readerToken, body: { friendly_name: "x" } }),
    403,
    "insufficient_scope",
  );
  expect(refused.message).toContain("update:tenant_settings");
});

test("refuses a locale the service lacks, no locale at all, a bad value, and a setting it does not keep", async () => {
  const unknownLocale = expectError(
    await h.call("PATCH", PATH, { token: settingsToken, body: { enabled_locales: ["en", "xx-YY"] } }),
    400,
    "invalid_body",
  );
  expect(unknownLocale.message).toContain("enabled_locales");
  for (const body of [{ enabled_locales: [] }, { support_url: "not a url" }, { friendly_name: 7 }, null, [1]]) {
    expectError(await h.call("PATCH", PATH, { token: settingsToken, body }), 400, "invalid_body");
  }
  const unkept = expectError(
    await h.call("PATCH", PATH, { token: settingsToken, body: { session_lifetime: 72, friendly_name: "y" } }),
    400,
    "invalid_body",
  );
  expect(unkept.message).toContain("does not model the tenant setting(s) session_lifetime");
  expect(unkept.message).toContain("enabled_locales");
  // Nothing of a refused request was kept.
  expect((await h.call("GET", PATH, { token: readerToken })).json).toMatchObject({ friendly_name: "Example Inc." });
});
