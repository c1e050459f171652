/** Event stream fields: what the provider manages, what the server adds, the write-only secrets (declared in api/). */
import type { EventStreamFields } from "../../../api/resources/event-stream";

export {
  EVENT_STREAM_FIELDS,
  EVENT_STREAM_SERVER_FIELDS,
  WEBHOOK_SECRET_FIELD,
} from "../../../api/resources/event-stream";

/** What the provider receives for an event stream: the API's fields plus `adoptId`. */
export interface EventStreamInputs extends EventStreamFields {
  /** Id of an existing event stream to bring under management instead of creating one. */
  adoptId?: string;
}
