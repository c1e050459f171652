/**
 * Event stream inputs and outputs, and `check`: the contract's published create schema
 * (api/resources/event-stream.ts). Event types are an open set: any well-formed
 * `a.b[.c]` type passes `check` (the tenant refuses ones it does not know at apply).
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { eventStreamCreateSchema, type EventStreamFields } from "../../../api/resources/event-stream";
import { idSchemas } from "../../../api/schemas";
import { type JsonObject, validateTree, withoutProvider } from "../shared";

export {
  EVENT_STREAM_FIELDS, EVENT_STREAM_SERVER_FIELDS, WEBHOOK_SECRET_FIELD,
} from "../../../api/resources/event-stream";

/** What the provider receives for an event stream: the API's fields plus `adoptId`. */
export interface EventStreamInputs extends EventStreamFields {
  /** Id of an existing event stream to bring under management instead of creating one. */
  adoptId?: string;
}

/** Validates event stream inputs; unknown values (preview) are skipped. */
export function checkEventStream(news: JsonObject): CheckResult {
  const { adoptId, ...fields } = withoutProvider(news);
  const failures: CheckFailure[] = [];
  if (adoptId !== undefined) failures.push(...validateTree(adoptId, idSchemas.eventStream, "adoptId"));
  failures.push(...validateTree(fields, eventStreamCreateSchema));
  return { inputs: news, failures };
}
