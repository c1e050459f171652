/**
 * Webhook secrets in EventStream inputs: `password`, `token` and `header_value` are
 * marked as Pulumi secrets leaf by leaf (see ../secrets.ts), so the endpoint and
 * username stay readable. Where they sit is declared once, in api/resources/event-stream.ts.
 */
import { EVENT_STREAM_SECRET_PATHS } from "../../../api";
import { markSecrets } from "../../lifecycle/secrets";

/** The destination with `password`, `token` and `header_value` marked secret. */
export function markDestinationSecrets<T>(destination: T): T {
  return markSecrets({ destination }, EVENT_STREAM_SECRET_PATHS).destination;
}
