/** Event stream fields: what the provider manages, what the server adds, the write-only secrets. */
import type { EventStreamFields } from "../../../api/types";

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
