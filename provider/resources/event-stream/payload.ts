/** Event stream inputs → request bodies (pure). */
import { deepEqual, isObject, type JsonObject } from "../shared";
import { EVENT_STREAM_FIELDS, WEBHOOK_SECRET_FIELD } from "./schema";

/** The webhook secret of a destination (password, token or header value), if any. */
export function webhookSecretOf(destination: unknown): string | undefined {
  if (!isObject(destination) || destination.type !== "webhook" || !isObject(destination.configuration))
    return undefined;
  const authorization = destination.configuration.webhook_authorization;
  if (!isObject(authorization)) return undefined;
  const field = WEBHOOK_SECRET_FIELD[authorization.method as keyof typeof WEBHOOK_SECRET_FIELD];
  const secret = field ? authorization[field] : undefined;
  return typeof secret === "string" ? secret : undefined;
}

/** The destination without its webhook secret (for what must not hold it, such as the create journal). */
export function withoutWebhookSecret(destination: unknown): unknown {
  if (webhookSecretOf(destination) === undefined) return destination;
  const { configuration, ...rest } = destination as JsonObject & { configuration: JsonObject };
  const { webhook_authorization: authorization, ...other } = configuration as { webhook_authorization: JsonObject };
  const field = WEBHOOK_SECRET_FIELD[authorization.method as keyof typeof WEBHOOK_SECRET_FIELD];
  const { [field]: _secret, ...kept } = authorization;
  return { ...rest, configuration: { ...other, webhook_authorization: kept } };
}

/**
 * The body of `PATCH /event-streams/{id}`: the fields whose normalised values differ.
 * A webhook destination is sent whole, with its secret: the API replaces endpoint and
 * authorization together and never returns the secret, so it must be re-sent.
 */
export function eventStreamPatch(desired: JsonObject, current: JsonObject, payload: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const field of EVENT_STREAM_FIELDS) {
    if (desired[field] === undefined || deepEqual(desired[field], current[field])) continue;
    patch[field] = field === "destination" || field === "status" ? (payload[field] ?? desired[field]) : desired[field];
  }
  return patch;
}
