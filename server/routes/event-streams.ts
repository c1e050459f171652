/**
 * `/api/v2/event-streams`: list (checkpoint paging, key `eventStreams`), create, get,
 * update, delete.
 *
 * Webhook secrets (`password`, `token`, `header_value`) are stored sealed and never returned.
 * `destination.type` can never change; eventbridge and action destinations cannot
 * change at all (eventbridge gets a server-made `aws_partner_event_source`).
 */
import type { FastifyInstance } from "fastify";
import {
  ERROR_CODES,
  KINDS,
  newId,
  type EventStream,
  type EventStreamDestination,
  type EventStreamFields,
  unknownEventTypeIssue,
} from "../../api";
import { bodyKindOf } from "../body";
import type { TenantContext } from "../context";
import { checkpointPage } from "../paging";
import { HttpError, notFound } from "../http-error";
import { isoMillis, isoMillisAfter } from "../time";
import { publicObject } from "../public-object";
import { validKindBody, validPathId, type IdRoute } from "../validation";

/** Base path of the collection. */
export const EVENT_STREAMS_PATH = "/api/v2/event-streams";

const scopes = KINDS.eventStream.scopes;

const streamNotFound = (id: string) =>
  notFound(`The event stream with id ${id} does not exist.`, KINDS.eventStream.notFoundCode);

/** The stream as a client may see it: the webhook secret removed (the table's write-only secret paths). */
export function publicEventStream(stream: EventStream): EventStream {
  return publicObject("eventStream", stream);
}

/** The destination as stored: eventbridge gains its partner event source. */
function storedDestination(destination: EventStreamDestination, id: string): EventStreamDestination {
  if (destination.type !== "eventbridge") return destination;
  return {
    type: "eventbridge",
    configuration: {
      ...destination.configuration,
      aws_partner_event_source: `aws.partner/auth0.com/local-tenant-${id}/auth0.logs`,
    },
  };
}

/** Rejects a destination change the service does not allow; returns the destination to store. */
function updatedDestination(
  existing: EventStreamDestination,
  requested: EventStreamDestination,
): EventStreamDestination {
  if (requested.type !== existing.type) {
    throw new HttpError(
      400,
      `The destination type of an event stream cannot be changed (from ${existing.type} to ${requested.type}).`,
      ERROR_CODES.invalidBody,
    );
  }
  if (requested.type === "webhook") return requested;
  const { aws_partner_event_source: _source, ...existingConfiguration } = existing.configuration as Record<
    string,
    unknown
  >;
  if (JSON.stringify(sortKeys(existingConfiguration)) !== JSON.stringify(sortKeys(requested.configuration))) {
    throw new HttpError(
      400,
      `The configuration of an ${requested.type} destination cannot be changed.`,
      ERROR_CODES.invalidBody,
    );
  }
  return existing;
}

const sortKeys = (value: object): object =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

/** Registers the event stream routes. */
export function registerEventStreamRoutes(app: FastifyInstance, context: TenantContext): void {
  const streams = context.store.collection<EventStream>("event_streams", {
    secretPaths: KINDS.eventStream.secretPaths,
  });

  app.get(EVENT_STREAMS_PATH, { config: { auth: { scope: scopes.list } } }, async (request) => {
    return checkpointPage("eventStream", streams, request.query, { show: publicEventStream });
  });

  app.post(
    EVENT_STREAMS_PATH,
    { config: { auth: { scope: scopes.create }, bodyKinds: ["json", "urlencoded"] } },
    async (request, reply) => {
      const body = validKindBody<EventStreamFields>("eventStream", "create", request.body, {
        urlEncoded: bodyKindOf(request.headers["content-type"]) === "urlencoded",
        check: unknownEventTypeIssue,
      });
      const id = newId("eventStream");
      const now = isoMillis();
      const stream = {
        id,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.subscriptions !== undefined ? { subscriptions: body.subscriptions } : {}),
        destination: storedDestination(body.destination, id),
        status: body.status ?? "enabled",
        created_at: now,
        updated_at: now,
      } as EventStream;
      streams.insert(id, stream);
      return reply.code(201).send(publicEventStream(stream));
    },
  );

  app.get<IdRoute>(`${EVENT_STREAMS_PATH}/:id`, { config: { auth: { scope: scopes.get } } }, async (request) => {
    const id = validPathId("eventStream", request.params.id);
    const stream = streams.get(id);
    if (!stream) throw streamNotFound(id);
    return publicEventStream(stream);
  });

  app.patch<IdRoute>(`${EVENT_STREAMS_PATH}/:id`, { config: { auth: { scope: scopes.update } } }, async (request) => {
    const id = validPathId("eventStream", request.params.id);
    const body = validKindBody<Partial<EventStreamFields>>("eventStream", "update", request.body, {
      check: unknownEventTypeIssue,
    });
    return context.store.transaction(() => {
      const existing = streams.get(id);
      if (!existing) throw streamNotFound(id);
      const updated: EventStream = {
        ...existing,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.subscriptions !== undefined ? { subscriptions: body.subscriptions } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        destination: body.destination
          ? updatedDestination(existing.destination, body.destination)
          : existing.destination,
        updated_at: isoMillisAfter(existing.updated_at),
      };
      streams.replace(id, updated);
      return publicEventStream(updated);
    });
  });

  app.delete<IdRoute>(
    `${EVENT_STREAMS_PATH}/:id`,
    { config: { auth: { scope: scopes.delete } } },
    async (request, reply) => {
      const id = validPathId("eventStream", request.params.id);
      if (!streams.delete(id)) throw streamNotFound(id);
      return reply.code(204).send();
    },
  );
}
