/**
 * The official `auth0` SDK (v7) against the server, unchanged: `flows` and
 * `flows.vault.connections` — create, list (its pager over the offset pages), get, update,
 * delete — and its typed errors. As in sdk.test.ts, the SDK's documented `fetch` option
 * sends its `https://` requests to the plain-HTTP local server.
 */
import { Management, ManagementClient } from "auth0";
import { sampleAction } from "../fixtures/flow-samples";
import { startHarness, type Harness } from "./helpers";

let h: Harness;
let host: string;

const localFetch: typeof fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return fetch(url.replace(/^https:\/\//, "http://"), init);
};

function sdk(clientId = h.server.credentials.clientId, clientSecret = h.server.credentials.clientSecret) {
  return new ManagementClient({ domain: host, fetch: localFetch, maxRetries: 0, clientId, clientSecret });
}

beforeAll(async () => {
  h = await startHarness({
    clients: [
      { client_id: "flows-reader", client_secret: "flows-reader-secret", scopes: ["read:flows"], global: false },
    ],
  });
  host = new URL(h.server.url).host;
});
afterAll(() => h.close());

test("flows.vault.connections: create, get, update, list, delete; the setup never comes back", async () => {
  const client = sdk();
  const created = await client.flows.vault.connections.create({
    name: "CRM",
    app_id: "HTTP",
    setup: { type: "BEARER", token: "sdk-vault-secret-1" },
  });
  expect(created.id).toMatch(/^ac_/);
  expect(created).toMatchObject({ app_id: "HTTP", name: "CRM", ready: true, fingerprint: expect.any(String) });
  expect(JSON.stringify(created)).not.toContain("sdk-vault-secret-1");
  expect(await client.flows.vault.connections.get(created.id)).toEqual(created);
  const updated = await client.flows.vault.connections.update(created.id, {
    name: "CRM v2",
    setup: { type: "BEARER", token: "sdk-vault-secret-2" },
  });
  expect(updated).toMatchObject({ name: "CRM v2", ready: true });
  expect(updated.fingerprint).not.toBe(created.fingerprint);
  expect(JSON.stringify(updated)).not.toContain("sdk-vault-secret-2");
  await client.flows.vault.connections.create({ name: "Chat", app_id: "SLACK" });
  const listed: Management.FlowsVaultConnectionSummary[] = [];
  for await (const connection of await client.flows.vault.connections.list({ per_page: 1 })) listed.push(connection);
  expect(listed.map((connection) => connection.name).sort()).toEqual(["CRM v2", "Chat"]);
  expect(listed.find((connection) => connection.id === created.id)).toEqual(
    await client.flows.vault.connections.get(created.id),
  );
  await client.flows.vault.connections.delete(created.id);
  await expect(client.flows.vault.connections.get(created.id)).rejects.toBeInstanceOf(Management.NotFoundError);
});

test("flows: create, get, update, list (summaries), delete, with typed actions", async () => {
  const client = sdk();
  const connection = await client.flows.vault.connections.create({ name: "Hooks", app_id: "ZAPIER" });
  const action = {
    id: "notify",
    type: "ZAPIER",
    action: "TRIGGER_WEBHOOK",
    params: { connection_id: connection.id, method: "POST" },
  } as const;
  const created = await client.flows.create({ name: "SDK flow", actions: [action] });
  expect(created.id).toMatch(/^af_/);
  expect(created.actions).toEqual([action]);
  expect((await client.flows.get(created.id, { hydrate: ["form_count"] })).actions).toEqual([action]);
  const json = sampleAction("JSON/CREATE_JSON") as unknown as Management.FlowAction;
  const updated = await client.flows.update(created.id, { name: "SDK flow v2", actions: [action, json] });
  expect(updated.name).toBe("SDK flow v2");
  expect(updated.actions).toHaveLength(2);
  await client.flows.create({ name: "another" });
  const listed: Management.FlowSummary[] = [];
  for await (const flow of await client.flows.list({ per_page: 1 })) listed.push(flow);
  expect(listed.map((flow) => flow.name).sort()).toEqual(["SDK flow v2", "another"]);
  for (const flow of listed) expect(flow).not.toHaveProperty("actions");
  await client.flows.delete(created.id);
  await expect(client.flows.get(created.id)).rejects.toBeInstanceOf(Management.NotFoundError);
});

test("the SDK's typed errors: a bad action is a BadRequestError, a missing scope a ForbiddenError", async () => {
  const bad = sdk().flows.create({
    name: "bad",
    actions: [
      { id: "a", type: "HTTP", action: "SEND_REQUEST", params: { url: 7 } } as unknown as Management.FlowAction,
    ],
  });
  await expect(bad).rejects.toBeInstanceOf(Management.BadRequestError);
  await expect(bad).rejects.toMatchObject({ body: { errorCode: "invalid_body" } });
  const reader = sdk("flows-reader", "flows-reader-secret");
  expect(Array.isArray((await reader.flows.list()).data)).toBe(true);
  const refused = reader.flows.create({ name: "nope" });
  await expect(refused).rejects.toBeInstanceOf(Management.ForbiddenError);
  await expect(refused).rejects.toMatchObject({ body: { errorCode: "insufficient_scope" } });
});
