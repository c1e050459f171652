/**
 * Event streams: webhook deliveries go over HTTPS with an authorization that carries its
 * secret, and subscriptions name event types the tenant emits.
 */
import { EVENT_TYPES, WEBHOOK_SECRET_FIELD } from "pulumi-tenant/policy-support";
import { named, isRecord, type TenantResource } from "../resources";
import { isHttps, isStatedUrl, UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** The webhook configuration of a stream, or undefined for an EventBridge or action destination. */
function webhookOf(resource: TenantResource): Record<string, unknown> | undefined {
  const destination = resource.fields.destination;
  if (resource.typeName !== "EventStream" || !isRecord(destination) || destination.type !== "webhook") return undefined;
  return isRecord(destination.configuration) ? destination.configuration : {};
}

/** `event-stream-webhook-https`: the endpoint is `https://`. */
export function webhookHttps(resource: TenantResource): Violation[] {
  const endpoint = webhookOf(resource)?.webhook_endpoint;
  if (!isStatedUrl(endpoint) || isHttps(endpoint)) return [];
  return [
    {
      message:
        `${named(resource)}: destination.configuration.webhook_endpoint ${endpoint} is not https://. ` +
        "Deliveries carry users' data and the authorization secret: use an https:// endpoint.",
    },
  ];
}

/** `event-stream-webhook-authorization`: an authorization whose method has its secret set. */
export function webhookAuthorization(resource: TenantResource): Violation[] {
  const configuration = webhookOf(resource);
  if (configuration === undefined) return [];
  const authorization = configuration.webhook_authorization;
  const at = "destination.configuration.webhook_authorization";
  if (!isRecord(authorization)) {
    return [
      {
        message:
          `${named(resource)}: ${at} is missing. Set one (method bearer, basic or custom_header, its secret from ` +
          "a Pulumi secret) so that the endpoint can tell the tenant's deliveries from anyone's.",
      },
    ];
  }
  const method = authorization.method;
  if (typeof method !== "string" || !(method in WEBHOOK_SECRET_FIELD)) return [];
  const field = WEBHOOK_SECRET_FIELD[method as keyof typeof WEBHOOK_SECRET_FIELD];
  const secret = authorization[field];
  if (secret === UNKNOWN || (typeof secret === "string" && secret !== "")) return [];
  return [
    {
      message:
        `${named(resource)}: ${at}.${field} is not set, so method ${method} sends no secret. ` +
        `Set ${field} from a Pulumi secret (config --secret), and check it at the endpoint.`,
    },
  ];
}

/** Configuration of `event-stream-known-event-types`. */
export interface EventTypesConfig {
  /** Event types to accept beyond the package's list (types the service added since). */
  extraEventTypes?: string[];
}

/** `event-stream-known-event-types`: every subscription names an event type the tenant emits. */
export function knownEventTypes(resource: TenantResource, config: EventTypesConfig): Violation[] {
  if (resource.typeName !== "EventStream" || !Array.isArray(resource.fields.subscriptions)) return [];
  const known = new Set<string>([...EVENT_TYPES, ...(config.extraEventTypes ?? [])]);
  return resource.fields.subscriptions.flatMap((subscription, index) => {
    const type = isRecord(subscription) ? subscription.event_type : undefined;
    if (typeof type !== "string" || type === UNKNOWN || known.has(type)) return [];
    return [
      {
        message:
          `${named(resource)}: subscriptions[${index}].event_type "${type}" is not an event type the tenant emits ` +
          `(known: ${EVENT_TYPES.join(", ")}). Fix the name, or, if the service has added it, list it in the pack's ` +
          "extraEventTypes.",
      },
    ];
  });
}
