/**
 * Event stream inputs and outputs, and `check`: the contract's JSON Schema (which
 * already knows the 25 event types and that webhook endpoints are https URIs).
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { eventStreamCreateSchema, idSchemas } from "../../../api/schemas";
import type { EventStreamFields } from "../../../api/types";
import { type JsonObject, validateTree, withoutProvider } from "../shared";

/** The top-level event stream fields the provider manages. */
export const EVENT_STREAM_FIELDS = ["name", "subscriptions", "destination", "status"] as const;

/** Fields the server adds to an event stream. */
export const EVENT_STREAM_SERVER_FIELDS = ["created_at", "updated_at"] as const;

/** The write-only secret of each webhook authorization method. */
export const WEBHOOK_SECRET_FIELD = { basic: "password", bearer: "token", custom_header: "header_value" } as const;

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
