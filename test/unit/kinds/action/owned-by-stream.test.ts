/**
 * An action owned by the event stream that delivers to it: the service deletes it with the
 * stream, so a stream replaced at `up` (its destination changes) is said at preview to take
 * its action with it.
 */
import { ownedActionWarnings } from "../../../../api/kinds/event-stream/provider";

const ACTION_ID = "6018e89f-245f-4da3-ac9f-e22fc6d8b0d1";
const stream = (destination: unknown) => ({
  name: "to-action",
  subscriptions: [{ event_type: "user.created" }],
  destination,
});
const toAction = (id: string) => stream({ type: "action", configuration: { action_id: id } });

test("a stream replaced (another action) is said to delete the action it delivered to", () => {
  const warnings = ownedActionWarnings(toAction("0b3f1c2e-1111-4a8e-9c1f-7b2d5e8a4c60"), toAction(ACTION_ID));
  expect(warnings).toEqual([expect.stringContaining(`the tenant deletes action ${ACTION_ID} with the stream`)]);
});

test("a stream whose destination stays, a create, or a webhook stream says nothing", () => {
  expect(ownedActionWarnings({ ...toAction(ACTION_ID), name: "renamed" }, toAction(ACTION_ID))).toEqual([]);
  expect(ownedActionWarnings(toAction(ACTION_ID), undefined)).toEqual([]);
  const webhook = stream({ type: "webhook", configuration: { webhook_endpoint: "https://a.example.com" } });
  expect(ownedActionWarnings(webhook, webhook)).toEqual([]);
});
