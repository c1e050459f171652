/**
 * `generate` for event streams: the list (whole streams), each written as an `EventStream`
 * whose webhook secret (write-only: the API never returns it) is read from the stack
 * configuration.
 */
import { type EventStream, WEBHOOK_SECRET_FIELD } from "../../../api";
import { clone, commentSafe, type KindGenerator, without, SERVER_FIELDS } from "../../lifecycle/generator";
import { listKind } from "../../client/paging";

/** Server-made fields inside a destination's configuration. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

type JsonObject = Record<string, unknown>;

export const eventStreamGenerator: KindGenerator<EventStream> = {
  read: (client, { progress }) =>
    listKind<EventStream>(client, "eventStream", { onPage: (read) => progress?.(`event streams: ${read} listed`) }),

  resource(stream, ctx) {
    const name = ctx.name(stream.name, "eventStream", "Stream");
    const args = clone(without(stream, SERVER_FIELDS));
    const destination = args.destination as JsonObject | undefined;
    const configuration = destination?.configuration as JsonObject | undefined;
    if (configuration) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
    const authorization = configuration?.webhook_authorization as JsonObject | undefined;
    const method = authorization?.method as keyof typeof WEBHOOK_SECRET_FIELD | undefined;
    const secretField = method ? WEBHOOK_SECRET_FIELD[method] : undefined;
    if (authorization && method && secretField) {
      const what = {
        basic: "basic auth password",
        bearer: "bearer token",
        custom_header: `value of the header ${String(authorization.header_key)}`,
      }[method];
      authorization[secretField] = ctx.secret(
        `${name} webhook ${secretField}`,
        `the ${what} of the webhook of event stream "${stream.name}" (${stream.id}); the API never returns it`,
      );
    }
    return {
      name,
      id: stream.id,
      label: stream.name,
      comment: `Event stream "${commentSafe(stream.name)}" (${stream.id}), ${String(destination?.type ?? "unknown")} destination.`,
      args,
    };
  },
};
