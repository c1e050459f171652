/** Event streams over HTTP: operations, write-only secrets, immutable destinations, limits, paging, form encoding. */
import { isValidId } from "../../api";
import { expectError, startHarness, type Harness } from "./helpers";

const PATH = "/api/v2/event-streams";
const MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const webhook = (authorization: object = { method: "basic", username: "hook", password: "s3cret" }) => ({
  type: "webhook",
  configuration: { webhook_endpoint: "https://hooks.example.com/in", webhook_authorization: authorization },
});
const stream = (extra: object = {}) => ({
  name: "users",
  subscriptions: [{ event_type: "user.created" }],
  destination: webhook(),
  ...extra,
});

describe("operations", () => {
  test("create: 201, est_ id of 26 characters, status enabled by default, password not returned", async () => {
    const reply = await h.call("POST", PATH, { body: stream() });
    expect(reply.status).toBe(201);
    expect(reply.json.id).toHaveLength(26);
    expect(isValidId("eventStream", reply.json.id)).toBe(true);
    expect(reply.json).toEqual({
      id: reply.json.id,
      name: "users",
      subscriptions: [{ event_type: "user.created" }],
      status: "enabled",
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/in",
          webhook_authorization: { method: "basic", username: "hook" },
        },
      },
      created_at: expect.stringMatching(MILLIS),
      updated_at: expect.stringMatching(MILLIS),
    });
    expect(reply.text).not.toContain("s3cret");
  });

  test.each([
    [{ method: "bearer", token: "tok-123" }, { method: "bearer" }, "tok-123"],
    [
      { method: "custom_header", header_key: "X-Key", header_value: "val-456" },
      { method: "custom_header", header_key: "X-Key" },
      "val-456",
    ],
  ])("%j: the secret is never returned by create, get or list", async (authorization, visible, secret) => {
    const created = await h.call("POST", PATH, { body: stream({ destination: webhook(authorization) }) });
    expect(created.json.destination.configuration.webhook_authorization).toEqual(visible);
    const read = await h.call("GET", `${PATH}/${created.json.id}`);
    const list = await h.call("GET", `${PATH}?take=100`);
    for (const reply of [created, read, list]) expect(reply.text).not.toContain(secret);
  });

  test("eventbridge gains aws_partner_event_source; a PATCH cannot send an eventbridge destination", async () => {
    const destination = {
      type: "eventbridge",
      configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" },
    };
    const created = await h.call("POST", PATH, { body: stream({ destination }) });
    expect(created.status).toBe(201);
    expect(created.json.destination.configuration.aws_partner_event_source).toEqual(
      expect.stringContaining(created.json.id),
    );
    // EventStreamDestinationPatch is webhook or action only.
    const same = await h.call("PATCH", `${PATH}/${created.json.id}`, { body: { destination, name: "renamed" } });
    expect(expectError(same, 400, "invalid_body").message).toContain("destination.type");
    const renamed = await h.call("PATCH", `${PATH}/${created.json.id}`, { body: { name: "renamed" } });
    expect(renamed.json.destination).toEqual(created.json.destination);
  });

  test("action destination: a PATCH carrying any destination is refused; name, subscriptions, status change", async () => {
    const destination = { type: "action", configuration: { action_id: "act_1" } };
    const created = await h.call("POST", PATH, { body: stream({ destination }) });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const refusal = `The destination of event stream ${id} (an action destination) cannot be updated`;
    for (const body of [
      { destination: { type: "action", configuration: { action_id: "act_2" } } },
      // The same destination too, even beside a change the stream accepts.
      { destination, name: "renamed" },
      { destination: webhook() },
    ]) {
      const reply = await h.call("PATCH", `${PATH}/${id}`, { body });
      const error = expectError(reply, 400, "invalid_body");
      expect(error.message).toContain(refusal);
      expect(error.message).toContain("leave destination out of the PATCH");
    }
    expect((await h.call("GET", `${PATH}/${id}`)).json).toEqual(created.json);
    const patched = await h.call("PATCH", `${PATH}/${id}`, {
      body: { name: "renamed", subscriptions: [{ event_type: "user.deleted" }], status: "disabled" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toEqual({
      ...created.json,
      name: "renamed",
      subscriptions: [{ event_type: "user.deleted" }],
      status: "disabled",
      updated_at: expect.any(String),
    });
  });

  test("PATCH: partial update, subscriptions replaced, status toggled, destination type fixed", async () => {
    const created = (await h.call("POST", PATH, { body: stream() })).json;
    const patched = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { subscriptions: [{ event_type: "user.deleted" }, { event_type: "group.created" }], status: "disabled" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toEqual({
      ...created,
      subscriptions: [{ event_type: "user.deleted" }, { event_type: "group.created" }],
      status: "disabled",
      updated_at: expect.any(String),
    });
    const typeChange = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { destination: { type: "action", configuration: { action_id: "a" } } },
    });
    expect(expectError(typeChange, 400, "invalid_body").message).toContain("cannot be changed");
    const newSecret = await h.call("PATCH", `${PATH}/${created.id}`, {
      body: { destination: webhook({ method: "bearer", token: "rotated" }) },
    });
    expect(newSecret.json.destination.configuration.webhook_authorization).toEqual({ method: "bearer" });
    // The published PATCH schema has no required key: an empty PATCH changes nothing.
    const empty = await h.call("PATCH", `${PATH}/${created.id}`, { body: {} });
    expect(empty.status).toBe(200);
    expect(empty.json.subscriptions).toEqual([{ event_type: "user.deleted" }, { event_type: "group.created" }]);
  });

  test("delete: 204, then 404; malformed id is invalid_uri", async () => {
    const created = (await h.call("POST", PATH, { body: stream() })).json;
    const removed = await h.call("DELETE", `${PATH}/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectError(await h.call("GET", `${PATH}/${created.id}`), 404, "inexistent_event_stream");
    expectError(await h.call("DELETE", `${PATH}/${created.id}`), 404, "inexistent_event_stream");
    expectError(await h.call("GET", `${PATH}/est_short`), 400, "invalid_uri");
    expectError(await h.call("GET", `${PATH}/${created.id}x`), 400, "invalid_uri");
  });

  test("list: checkpoint paging under the eventStreams key, next omitted on the last page", async () => {
    for (let i = 0; i < 3; i++) await h.call("POST", PATH, { body: stream({ name: `page-${i}` }) });
    const all = (await h.call("GET", `${PATH}?take=100`)).json;
    expect(all.next).toBeUndefined();
    const ids: string[] = [];
    let from: string | undefined;
    do {
      const page = (await h.call("GET", `${PATH}?take=2${from ? `&from=${encodeURIComponent(from)}` : ""}`)).json;
      expect(page.eventStreams.length).toBeLessThanOrEqual(2);
      ids.push(...page.eventStreams.map((s: { id: string }) => s.id));
      from = page.next;
    } while (from);
    expect(ids).toEqual(all.eventStreams.map((s: { id: string }) => s.id));
  });
});

describe("limits", () => {
  test.each([
    [1, 201],
    [128, 201],
    [0, 400],
    [129, 400],
  ])("name of %d characters → %d", async (length, status) => {
    const reply = await h.call("POST", PATH, { body: stream({ name: "e".repeat(length) }) });
    if (status === 201) expect(reply.status).toBe(201);
    else expect(expectError(reply, 400, "invalid_body").message).toContain("name");
  });

  test("subscriptions: 1 item accepted, 0 refused, unknown event type refused", async () => {
    expect(
      (await h.call("POST", PATH, { body: stream({ subscriptions: [{ event_type: "user.updated" }] }) })).status,
    ).toBe(201);
    expect(expectError(await h.call("POST", PATH, { body: stream({ subscriptions: [] }) }), 400).message).toContain(
      "subscriptions",
    );
    expectError(
      await h.call("POST", PATH, { body: stream({ subscriptions: [{ event_type: "user.exploded" }] }) }),
      400,
      "invalid_body",
    );
  });

  test.each([
    ["enabled", 201],
    ["disabled", 201],
    ["paused", 400],
    ["enabledx", 400],
    ["", 400],
  ])("status %j → %d", async (status, expected) => {
    const reply = await h.call("POST", PATH, { body: stream({ status }) });
    if (expected === 201) expect(reply.json.status).toBe(status);
    else expect(expectError(reply, 400).message).toContain("status");
  });

  test.each([
    [{ destination: undefined }, "destination"],
    [
      {
        destination: {
          type: "webhook",
          configuration: {
            webhook_endpoint: "http://plain.example.com",
            webhook_authorization: { method: "bearer", token: "t" },
          },
        },
      },
      "webhook_endpoint",
    ],
    [
      { destination: webhook({ method: "basic", username: "user:name", password: "p" }) },
      "webhook_authorization.username",
    ],
    [
      { destination: webhook({ method: "basic", username: "u".repeat(129), password: "p" }) },
      "webhook_authorization.username",
    ],
    [
      {
        destination: {
          type: "eventbridge",
          configuration: { aws_account_id: "123456789012", aws_region: "moon-central-1" },
        },
      },
      "aws_region",
    ],
    [{ destination: { type: "smoke-signal", configuration: {} } }, "type"],
  ])("invalid destination %j names %s", async (extra, property) => {
    expect(expectError(await h.call("POST", PATH, { body: stream(extra) }), 400, "invalid_body").message).toContain(
      property,
    );
  });
});

describe("form-urlencoded", () => {
  test("nested destination and subscriptions in bracket notation", async () => {
    const body = [
      "name=encoded",
      "status=disabled",
      "subscriptions[0][event_type]=user.created",
      "subscriptions[1][event_type]=user.deleted",
      "destination[type]=webhook",
      "destination[configuration][webhook_endpoint]=https://hooks.example.com/x",
      "destination[configuration][webhook_authorization][method]=basic",
      "destination[configuration][webhook_authorization][username]=u",
      "destination[configuration][webhook_authorization][password]=p%40ss",
    ].join("&");
    const reply = await h.call("POST", PATH, { body, contentType: "application/x-www-form-urlencoded" });
    expect(reply.status).toBe(201);
    expect(reply.json.subscriptions).toEqual([{ event_type: "user.created" }, { event_type: "user.deleted" }]);
    expect(reply.json.status).toBe("disabled");
    expect(reply.json.destination.configuration.webhook_authorization).toEqual({ method: "basic", username: "u" });
  });
});
