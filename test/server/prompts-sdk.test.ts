/**
 * The prompts' routes through the official SDK (`auth0`), a client no one here wrote: settings
 * read and merged, custom text and partials set and read back as the SDK's types say.
 */
import { ManagementClient } from "auth0";
import { startHarness, TEMPLATE, type Harness } from "./helpers";

let h: Harness;

/** The SDK, its https://host requests sent to the local http server. */
function sdk(): ManagementClient {
  const localFetch: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return fetch(url.replace(/^https:\/\//, "http://"), init);
  };
  return new ManagementClient({
    domain: new URL(h.server.url).host,
    fetch: localFetch,
    maxRetries: 0,
    clientId: h.server.credentials.clientId,
    clientSecret: h.server.credentials.clientSecret,
  });
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test("prompt settings: read with the defaults, merged by an update", async () => {
  const client = sdk();
  expect(await client.prompts.getSettings()).toEqual({
    universal_login_experience: "new",
    identifier_first: false,
    webauthn_platform_first_factor: true,
  });
  expect(await client.prompts.updateSettings({ identifier_first: true })).toEqual({
    universal_login_experience: "new",
    identifier_first: true,
    webauthn_platform_first_factor: true,
  });
});

test("custom text and partials: set, then read back", async () => {
  const client = sdk();
  expect(await client.prompts.customText.get("login", "en")).toEqual({});
  await client.prompts.customText.set("login", "en", { login: { title: "Welcome" } });
  expect(await client.prompts.customText.get("login", "en")).toEqual({ login: { title: "Welcome" } });
  await h.call("PUT", "/api/v2/branding/templates/universal-login", { body: { template: TEMPLATE } });
  await client.prompts.partials.set("login", { login: { "form-content-start": "<div>Hi</div>" } });
  expect(await client.prompts.partials.get("login")).toEqual({ login: { "form-content-start": "<div>Hi</div>" } });
});
