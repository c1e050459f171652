/** Event stream normalisation, secrets carried forward, patch and diff (replacements). */
import { diffEventStream, eventStreamPayload } from "../../provider/lifecycle-helpers";
import {
  comparableEventStreams,
  eventStreamInputsFromOutputs,
  eventStreamOutputs,
  eventStreamPatch,
} from "../../../../api/kinds/event-stream/provider";
import { markUnreadSecrets } from "../../../../provider/lifecycle/secret-changes";

const webhook = (password: string, endpoint = "https://hooks.example.com/a0") => ({
  type: "webhook",
  configuration: { webhook_endpoint: endpoint, webhook_authorization: { method: "basic", username: "hook", password } },
});
const response = {
  id: "est_1111111111111111111111",
  name: "audit",
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/a0",
      webhook_authorization: { method: "basic", username: "hook" },
    },
  },
  status: "enabled",
  created_at: "2026-01-16T08:50:33.955Z",
  updated_at: "2026-01-16T08:50:33.955Z",
};
const inputs = { name: "audit", subscriptions: [{ event_type: "user.created" }], destination: webhook("s3cret-pass") };

describe("event stream state", () => {
  it("outputs carry the write-only secret from the inputs", () => {
    const outputs = eventStreamOutputs(response, inputs);
    expect(outputs.destination).toEqual(webhook("s3cret-pass"));
    expect(outputs.created_at).toBe(response.created_at);
    expect(diffEventStream(outputs, inputs)).toEqual({ changes: false });
  });

  it("a changed secret is a change (an update, not a replacement)", () => {
    const outputs = eventStreamOutputs(response, inputs);
    expect(diffEventStream(outputs, { ...inputs, destination: webhook("new-pass") })).toEqual({ changes: true });
  });

  it("the secret is not carried over to a different authorization method", () => {
    const bearer = {
      ...response,
      destination: {
        type: "webhook",
        configuration: { webhook_endpoint: "https://h.example.com", webhook_authorization: { method: "bearer" } },
      },
    };
    expect(eventStreamOutputs(bearer, inputs).destination).toEqual(bearer.destination);
  });

  it("status defaults to enabled; a name left out is not managed", () => {
    const outputs = eventStreamOutputs(response, inputs);
    expect(
      diffEventStream(outputs, { destination: webhook("s3cret-pass"), subscriptions: inputs.subscriptions }),
    ).toEqual({ changes: false });
    expect(diffEventStream(outputs, { ...inputs, status: "disabled" })).toEqual({ changes: true });
  });

  it("a destination type change or an eventbridge change is a replacement", () => {
    const outputs = eventStreamOutputs(response, inputs);
    const eventbridge = {
      type: "eventbridge",
      configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" },
    };
    expect(diffEventStream(outputs, { ...inputs, destination: eventbridge })).toEqual({
      changes: true,
      replaces: ["destination"],
    });
    const bridged = eventStreamOutputs(
      {
        ...response,
        destination: {
          ...eventbridge,
          configuration: { ...eventbridge.configuration, aws_partner_event_source: "aws.partner/x" },
        },
      },
      { destination: eventbridge },
    );
    expect(diffEventStream(bridged, { ...inputs, destination: eventbridge })).toEqual({ changes: false });
    expect(
      diffEventStream(bridged, {
        ...inputs,
        destination: { ...eventbridge, configuration: { ...eventbridge.configuration, aws_region: "eu-west-1" } },
      }),
    ).toEqual({ changes: true, replaces: ["destination"] });
  });

  it("patch re-sends the whole webhook destination with its secret", () => {
    const outputs = eventStreamOutputs(response, inputs);
    const news = { ...inputs, destination: webhook("s3cret-pass", "https://hooks.example.com/v2"), status: "disabled" };
    const { desired, current } = comparableEventStreams(outputs, news);
    expect(eventStreamPatch(desired, current, eventStreamPayload(news))).toEqual({
      destination: webhook("s3cret-pass", "https://hooks.example.com/v2"),
      status: "disabled",
    });
  });

  it("an action stream's update sends name, subscriptions and status, never its destination; a new action replaces", () => {
    const action = (id: string) => ({ type: "action", configuration: { action_id: id } });
    const actionInputs = { ...inputs, destination: action("act_1") };
    const outputs = eventStreamOutputs({ ...response, destination: action("act_1") }, actionInputs);
    const news = {
      ...actionInputs,
      name: "audit-2",
      subscriptions: [{ event_type: "user.deleted" }],
      status: "disabled",
    };
    expect(diffEventStream(outputs, news)).toEqual({ changes: true });
    const { desired, current } = comparableEventStreams(outputs, news);
    // The API refuses `destination` in a PATCH of an action stream, even unchanged.
    expect(eventStreamPatch(desired, current, eventStreamPayload(news))).toEqual({
      name: "audit-2",
      subscriptions: [{ event_type: "user.deleted" }],
      status: "disabled",
    });
    expect(diffEventStream(outputs, { ...news, destination: action("act_2") })).toEqual({
      changes: true,
      replaces: ["destination"],
    });
  });

  it("a webhook secret the state never held (an import's read) is taken as the program's; a new method still differs", () => {
    // What an import's read stores: the outputs marked as holding no write-only secret.
    const imported = markUnreadSecrets(eventStreamOutputs(response), undefined, "write-only");
    expect(JSON.stringify(imported)).not.toContain("s3cret-pass");
    expect(diffEventStream(imported, inputs).changes).toBe(false);
    // Changed by the program after the import (check names it rotated): sent.
    expect(diffEventStream(imported, { ...inputs, rotatedSecrets: ["destination"] }).changes).toBe(true);
    // Outputs the program wrote hold its secret: without one there, the secret is a change.
    expect(diffEventStream(eventStreamOutputs(response), inputs).changes).toBe(true);
    const bearer = {
      ...inputs,
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/a0",
          webhook_authorization: { method: "bearer", token: "t0ken" },
        },
      },
    };
    expect(diffEventStream(imported, bearer).changes).toBe(true);
    // Held in the state: a new secret is a change.
    expect(
      diffEventStream(eventStreamOutputs(response, inputs), { ...inputs, destination: webhook("other") }).changes,
    ).toBe(true);
  });

  it("inputs derived from read state omit server-made fields", () => {
    const outputs = eventStreamOutputs(response, inputs);
    expect(eventStreamInputsFromOutputs(outputs)).toEqual(inputs);
    // The server's default status is the program's "no status": never a phantom change.
    expect(outputs.status).toBeUndefined();
    expect(eventStreamInputsFromOutputs(eventStreamOutputs({ ...response, status: "disabled" }, outputs)).status).toBe(
      "disabled",
    );
  });
});
