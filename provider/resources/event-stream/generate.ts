/**
 * `generate` for event streams: the list (whole streams), each written as an `EventStream`
 * whose webhook secret (write-only: the API never returns it) is read from the stack
 * configuration.
 */
import { type EventStream, kindSpec } from "../../../api";
import {
  clone,
  commentSafe,
  type KindGenerator,
  type PlaceholderSite,
  without,
  SERVER_FIELDS,
  writeOnlyFieldsOf,
  writeOnlyPlaceholders,
} from "../../lifecycle/generator";
import { listKind } from "../../client/paging";

/** Server-made fields inside a destination's configuration. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

type JsonObject = Record<string, unknown>;

/** A webhook secret's words: `auditWebhookToken`, "the bearer token of the webhook of …". */
function webhookWords(stream: EventStream, { parent, place }: PlaceholderSite) {
  const field = String(place[place.length - 1]);
  const what = {
    basic: "basic auth password",
    bearer: "bearer token",
    custom_header: `value of the header ${String(parent.header_key)}`,
  }[String(parent.method)];
  if (what === undefined) return undefined;
  return {
    name: `webhook ${field}`,
    description: `the ${what} of the webhook of event stream "${stream.name}" (${stream.id}); the API never returns it`,
  };
}

export const eventStreamGenerator: KindGenerator<EventStream> = {
  read: (client, { progress }) =>
    listKind<EventStream>(client, "eventStream", { onPage: (read) => progress?.(`event streams: ${read} listed`) }),

  resource(stream, ctx) {
    const name = ctx.name(stream.name, "eventStream", "Stream");
    const args = clone(without(stream, SERVER_FIELDS));
    const destination = args.destination as JsonObject | undefined;
    const configuration = destination?.configuration as JsonObject | undefined;
    if (configuration) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
    // The API never returns the webhook's secret: the program reads it from the stack configuration.
    writeOnlyPlaceholders(
      args,
      writeOnlyFieldsOf(kindSpec("eventStream")!),
      ctx,
      { name, what: `event stream "${stream.name}" (${stream.id})` },
      (site) => webhookWords(stream, site),
    );
    return {
      name,
      id: stream.id,
      label: stream.name,
      comment: `Event stream "${commentSafe(stream.name)}" (${stream.id}), ${String(destination?.type ?? "unknown")} destination.`,
      args,
    };
  },
};
