/**
 * Webhook secrets in EventStream inputs: `password`, `token` and `header_value` are
 * marked as Pulumi secrets leaf by leaf (see ../secrets.ts), so the endpoint and
 * username stay readable. Where they sit is declared once, in api/resources/event-stream.ts.
 */
import { KINDS } from "../../../api";
import { markSecrets } from "../../lifecycle/secrets";

/** The destination with `password`, `token` and `header_value` marked secret. */
export function markDestinationSecrets<T>(destination: T): T {
  return markSecrets({ destination }, KINDS.eventStream.secretPaths).destination;
}
