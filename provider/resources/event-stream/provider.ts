/** The EventStream provider: thin glue of schema, payload, state and the client. */
import type { CheckpointPage, EventStream } from "../../../api/types";
import { NotFoundError, PartialCreateError, unlessGone, type ErrorTarget } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { claim, createOnce } from "../create-once";
import { contentHash } from "../journal";
import { deepEqual, type JsonObject, withoutProvider } from "../shared";
import type { ResourceImplementation } from "../types";
import { eventStreamPatch, eventStreamPayload, webhookSecretOf, withoutWebhookSecret } from "./payload";
import { checkEventStream } from "./schema";
import {
  comparableEventStreams, diffEventStream, eventStreamInputsFromOutputs, eventStreamOutputs, normaliseEventStream,
} from "./state";

const KIND = "event stream";
const PAGE_SIZE = 100;

const target = (action: string, id?: string, name?: unknown): ErrorTarget =>
  ({ kind: KIND, action, id, name: typeof name === "string" ? name : undefined });

const streamPath = (id: string) => `/event-streams/${encodeURIComponent(id)}`;

/** Every event stream of the tenant (checkpoint paging). */
export async function listEventStreams(client: TenantClient): Promise<EventStream[]> {
  const streams: EventStream[] = [];
  let from: string | undefined;
  for (;;) {
    const { data } = await client.get<CheckpointPage<"eventStreams", EventStream>>("/event-streams", target("list"), { take: PAGE_SIZE, from });
    streams.push(...(data.eventStreams ?? []));
    if (!data.next || (data.eventStreams ?? []).length === 0) return streams;
    from = data.next;
  }
}

/** Looks for the stream an unanswered POST may have created (see create-once.ts). */
async function findCreatedStream(client: TenantClient, body: JsonObject, sinceMs: number, isClaimed: (id: string) => boolean) {
  // The API never returns the secret: compare with the secret carried over, as stored outputs would be.
  const wanted = normaliseEventStream(body);
  return (await listEventStreams(client))
    .filter((stream) => !isClaimed(stream.id) && Date.parse(stream.created_at) >= sinceMs)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .find((stream) => deepEqual(normaliseEventStream(eventStreamOutputs(stream as unknown as JsonObject, body.destination)), wanted));
}

async function adoptStream(client: TenantClient, id: string, body: JsonObject, secrets: (string | undefined)[]): Promise<EventStream> {
  let current: EventStream;
  try {
    current = (await client.get<EventStream>(streamPath(id), target("adopt", id))).data;
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError(target("adopt", id), "there is no event stream with the id given in adoptId",
        "Correct adoptId or remove it to create a new event stream");
    }
    throw error;
  }
  claim(id);
  // Without the old secret we cannot know it is right: compare without it, and send the destination anyway.
  const currentOutputs = eventStreamOutputs(current as unknown as JsonObject, undefined);
  const { desired, current: currentComparable } = comparableEventStreams(currentOutputs, body);
  const patch = eventStreamPatch(desired, currentComparable, body);
  if (webhookSecretOf(body.destination) !== undefined) patch.destination = body.destination;
  if (Object.keys(patch).length === 0) return current;
  try {
    return (await client.request<EventStream>({ method: "PATCH", path: streamPath(id), body: patch, target: target("adopt", id), secrets })).data;
  } catch (error) {
    throw new PartialCreateError(id, currentOutputs, error as Error);
  }
}

/** EventStream: create, read, update, delete against `/event-streams`. */
export const eventStreamImplementation: ResourceImplementation = {
  check: (_olds, news) => checkEventStream(news),

  diff: (_id, olds, news) => diffEventStream(olds, withoutProvider(news)),

  async create(ctx, inputs) {
    const news = withoutProvider(inputs);
    const body = eventStreamPayload(news);
    const secrets = [webhookSecretOf(body.destination)];
    const client = ctx.client();
    if (typeof news.adoptId === "string") {
      const adopted = await adoptStream(client, news.adoptId, body, secrets);
      return { id: adopted.id, outs: eventStreamOutputs(adopted as unknown as JsonObject, body.destination, news.adoptId) };
    }
    const journal = ctx.journal?.();
    const created = await createOnce<EventStream>({
      contentKey: `event-stream:${JSON.stringify(normaliseEventStream(body))}`,
      post: async () => (await client.request<EventStream>({
        method: "POST", path: "/event-streams", body, target: target("create", undefined, body.name), secrets,
      })).data,
      find: (since, isClaimed) => findCreatedStream(client, body, since, isClaimed),
      // The journal is a plain file: its key is hashed from the content *without* the webhook secret.
      journal: journal && { store: journal, kind: "eventStream", contentKey: contentHash(normaliseEventStream(
        { ...body, destination: withoutWebhookSecret(body.destination) })) },
      getSame: async (id) => {
        const stream = (await unlessGone(client.get<EventStream>(streamPath(id), target("create", id))))?.data;
        if (!stream) return undefined;
        // As findCreatedStream: the API never returns the secret, so carry ours over before comparing.
        const same = deepEqual(normaliseEventStream(eventStreamOutputs(stream as unknown as JsonObject, body.destination)), normaliseEventStream(body));
        return same ? stream : "other";
      },
    }, { lingerMs: Math.max(2 * client.timeoutMs, 10_000) });
    return { id: created.id, outs: eventStreamOutputs(created as unknown as JsonObject, body.destination, news.adoptId) };
  },

  async read(ctx, id, props) {
    const stream = (await unlessGone(ctx.client().get<EventStream>(streamPath(id), target("read", id))))?.data;
    if (!stream) return {};
    // The secret is never read back: keep the one in state.
    const outputs = eventStreamOutputs(stream as unknown as JsonObject, props?.destination, props?.adoptId);
    return { id, props: outputs, inputs: eventStreamInputsFromOutputs(outputs) };
  },

  async update(ctx, id, olds, news) {
    const inputs = withoutProvider(news);
    const body = eventStreamPayload(inputs);
    const { desired, current } = comparableEventStreams(olds, inputs);
    const patch = eventStreamPatch(desired, current, body);
    if (Object.keys(patch).length === 0) {
      return { outs: eventStreamOutputs(withoutProvider(olds), body.destination ?? olds.destination, inputs.adoptId) };
    }
    try {
      const { data } = await ctx.client().request<EventStream>({
        method: "PATCH", path: streamPath(id), body: patch, target: target("update", id), secrets: [webhookSecretOf(body.destination)],
      });
      return { outs: eventStreamOutputs(data as unknown as JsonObject, body.destination, inputs.adoptId) };
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(target("update", id), "the event stream no longer exists (deleted outside Pulumi)",
          "Run `pulumi refresh` and then `pulumi up` to create it again", { status: 404 });
      }
      throw error;
    }
  },

  async delete(ctx, id) {
    await unlessGone(ctx.client().request({ method: "DELETE", path: streamPath(id), target: target("delete", id) }));
  },
};
