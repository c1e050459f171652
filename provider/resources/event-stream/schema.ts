/** Event stream fields: what the provider manages, what the server adds, the write-only secrets (declared in api/). */

export { EVENT_STREAM_FIELDS, EVENT_STREAM_SERVER_FIELDS, WEBHOOK_SECRET_FIELD } from "../../../api";
