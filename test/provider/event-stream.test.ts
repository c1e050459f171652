/** EventStream provider methods against a started tenant server: lifecycle, secrets, drift, adoption. */
import {
  call,
  countEventStreams,
  eventStreamProvider,
  PROVIDER_TEXT,
  startHarness,
  type ProviderHarness,
} from "./helpers";

const PASSWORD = "hook-password-7f3a9";
const audit = {
  name: "audit",
  subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/a0",
      webhook_authorization: { method: "basic", username: "hook", password: PASSWORD },
    },
  },
};

describe("EventStream provider", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("runs the full lifecycle, carrying the write-only password in outputs", async () => {
    const inputs = { ...audit, __provider: PROVIDER_TEXT };
    const checked = await call(eventStreamProvider, "check")({}, inputs);
    expect(checked.failures).toEqual([]);

    const created = await call(eventStreamProvider, "create")(checked.inputs);
    expect(created.id).toMatch(/^est_/);
    expect(created.id).toHaveLength(26);
    expect(created.outs).toMatchObject({ name: "audit", destination: audit.destination });
    // The server's default status is not one the program set: outputs keep the program's shape.
    expect(created.outs).not.toHaveProperty("status");

    const stored = await harness.admin("GET", `/event-streams/${created.id}`);
    expect(JSON.stringify(stored.json)).not.toContain(PASSWORD);

    const read = await call(eventStreamProvider, "read")(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs.destination.configuration.webhook_authorization.password).toBe(PASSWORD);
    expect(await call(eventStreamProvider, "diff")(created.id, read.props, inputs)).toEqual({ changes: false });

    const changed = {
      ...inputs,
      status: "disabled",
      destination: {
        ...audit.destination,
        configuration: { ...audit.destination.configuration, webhook_endpoint: "https://hooks.example.com/v2" },
      },
    };
    expect(await call(eventStreamProvider, "diff")(created.id, read.props, changed)).toEqual({ changes: true });
    const updated = await call(eventStreamProvider, "update")(created.id, read.props, changed);
    expect(updated.outs).toMatchObject({ status: "disabled", destination: changed.destination });
    expect(await call(eventStreamProvider, "diff")(created.id, updated.outs, changed)).toEqual({ changes: false });

    await call(eventStreamProvider, "delete")(created.id, updated.outs);
    expect((await harness.admin("GET", `/event-streams/${created.id}`)).status).toBe(404);
    await call(eventStreamProvider, "delete")(created.id, updated.outs);
  });

  it("a new password is a change and is sent with the destination", async () => {
    const created = await call(eventStreamProvider, "create")(audit);
    const rotated = {
      ...audit,
      destination: {
        ...audit.destination,
        configuration: {
          ...audit.destination.configuration,
          webhook_authorization: { method: "basic", username: "hook", password: "rotated-pass-1" },
        },
      },
    };
    expect(await call(eventStreamProvider, "diff")(created.id, created.outs, rotated)).toEqual({ changes: true });
    harness.server.counters.reset();
    const updated = await call(eventStreamProvider, "update")(created.id, created.outs, rotated);
    expect(harness.server.counters.snapshot()["PATCH /api/v2/event-streams/:id"]).toBe(1);
    expect(updated.outs.destination.configuration.webhook_authorization.password).toBe("rotated-pass-1");
  });

  it("an action stream's name, subscriptions and status are updated in place; its destination is not sent", async () => {
    // The tenant server refuses a PATCH carrying an action stream's destination, as the real API does.
    const relay = {
      name: "relay",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "action", configuration: { action_id: "act_relay" } },
    };
    const created = await call(eventStreamProvider, "create")(relay);
    const changed = { ...relay, name: "relay-2", subscriptions: [{ event_type: "user.deleted" }], status: "disabled" };
    expect(await call(eventStreamProvider, "diff")(created.id, created.outs, changed)).toEqual({ changes: true });
    harness.server.counters.reset();
    const updated = await call(eventStreamProvider, "update")(created.id, created.outs, changed);
    expect(harness.server.counters.snapshot()["PATCH /api/v2/event-streams/:id"]).toBe(1);
    expect(updated.outs).toMatchObject(changed);
    const stored = await harness.admin("GET", `/event-streams/${created.id}`);
    expect(stored.json).toMatchObject({ ...changed, id: created.id });
    const moved = { ...changed, destination: { type: "action", configuration: { action_id: "act_other" } } };
    expect(await call(eventStreamProvider, "diff")(created.id, updated.outs, moved)).toEqual({
      changes: true,
      replaces: ["destination"],
    });
  });

  it("refresh reports a stream disabled out of band; deleted out of band returns no id", async () => {
    const created = await call(eventStreamProvider, "create")(audit);
    await harness.admin("PATCH", `/event-streams/${created.id}`, { status: "disabled" });
    const read = await call(eventStreamProvider, "read")(created.id, created.outs);
    expect(read.props.status).toBe("disabled");
    expect(read.props.destination.configuration.webhook_authorization.password).toBe(PASSWORD);
    expect(await call(eventStreamProvider, "diff")(created.id, read.props, audit)).toEqual({ changes: true });

    await harness.admin("DELETE", `/event-streams/${created.id}`);
    expect(await call(eventStreamProvider, "read")(created.id, read.props)).toEqual({});
  });

  it("changing the destination type or an eventbridge destination asks for a replacement", async () => {
    const eventbridge = {
      name: "bridge",
      subscriptions: [{ event_type: "user.created" }],
      destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" } },
    };
    const created = await call(eventStreamProvider, "create")(eventbridge);
    expect(created.outs.destination.configuration.aws_partner_event_source).toEqual(expect.any(String));
    expect(await call(eventStreamProvider, "diff")(created.id, created.outs, eventbridge)).toEqual({ changes: false });
    expect(
      await call(eventStreamProvider, "diff")(created.id, created.outs, {
        ...eventbridge,
        destination: {
          ...eventbridge.destination,
          configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" },
        },
      }),
    ).toEqual({ changes: true, replaces: ["destination"] });
    expect(
      await call(eventStreamProvider, "diff")(created.id, created.outs, {
        ...eventbridge,
        destination: audit.destination,
      }),
    ).toEqual({ changes: true, replaces: ["destination"] });
    // a name change on an eventbridge stream is an in-place update
    const renamed = await call(eventStreamProvider, "update")(created.id, created.outs, {
      ...eventbridge,
      name: "bridge-2",
    });
    expect(renamed.outs.name).toBe("bridge-2");
  });

  it("adopts an existing stream, re-sending the secret it cannot read", async () => {
    const existing = await harness.admin("POST", "/event-streams", {
      ...audit,
      name: "by hand",
      destination: {
        ...audit.destination,
        configuration: {
          ...audit.destination.configuration,
          webhook_authorization: { method: "basic", username: "hook", password: "old" },
        },
      },
    });
    const before = await countEventStreams(harness);
    harness.server.counters.reset();
    const adopted = await call(eventStreamProvider, "create")({ ...audit, adoptId: existing.json.id });
    expect(adopted.id).toBe(existing.json.id);
    expect(harness.server.counters.snapshot()["PATCH /api/v2/event-streams/:id"]).toBe(1);
    expect(adopted.outs).toMatchObject({ name: "audit", adoptId: existing.json.id, destination: audit.destination });
    expect(await countEventStreams(harness)).toBe(before);
  });
});
