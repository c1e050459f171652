/**
 * A tenant snapshot → the resources of a program, in no language yet (pure): one
 * resource per object with the server's values verbatim except the fields the server
 * makes, every secret replaced by a {@link SecretRef} to a stack configuration key and
 * the template by a {@link FileRef}. The writers (TypeScript over the dynamic providers,
 * TypeScript, Python and Go over the resource plugin) print the same model.
 */
import { formSecrets, WEBHOOK_SECRET_FIELD } from "../../lookups/secrets";
import { NameAllocator } from "./names";
import type { TenantSnapshot } from "./snapshot";

/** Fields the server makes, never part of a resource's arguments. */
export const SERVER_FIELDS = {
  form: ["id", "created_at", "updated_at", "embedded_at", "submitted_at"],
  eventStream: ["id", "created_at", "updated_at"],
  rateLimitPolicy: ["id", "created_at", "updated_at"],
} as const;

/** Server-made fields inside an event stream's destination configuration. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

/** The file the template is written to, next to the program. */
export const TEMPLATE_FILE = "login.html";

/** The login page template's fixed id: what `pulumi import` takes for it. */
export const TEMPLATE_ID = "universal-login";

/** A secret the program reads from the stack configuration. */
export interface SecretConfig {
  /** The configuration key (in the project's namespace): `auditWebhookPassword`. */
  name: string;
  /** What it is, for the user: `the basic auth password of event stream "audit" (est_…)`. */
  description: string;
  /** The value, when the API returned it (form component secrets); webhook secrets are write-only. */
  value?: string;
}

/** A value read from the stack configuration as a secret, in place of the value. */
export class SecretRef {
  constructor(readonly key: string) {}
}

/** The content of a file beside the program, in place of the value. */
export class FileRef {
  constructor(readonly file: string) {}
}

/** The kinds a program declares, by their type token's name. */
export type ResourceKind = "Form" | "EventStream" | "LoginTemplate" | "RateLimitPolicy";

/** One generated resource. */
export interface GeneratedResource {
  kind: ResourceKind;
  /** The Pulumi resource name (a camelCase identifier, the TypeScript variable too). */
  name: string;
  /** The object's id in the tenant (`universal-login` for the template). */
  id: string;
  /** Its name in the tenant, when it has one. */
  label?: string;
}

/** A resource with its arguments and a one-line description. */
export interface ModelResource extends GeneratedResource {
  /** `Form "Sign-up" (ap_…).`: the comment above it. */
  comment: string;
  /** The arguments: JSON, with {@link SecretRef} and {@link FileRef} in places. */
  args: Record<string, unknown>;
}

/** The resources and secrets of a tenant's program. */
export interface TenantModel {
  resources: ModelResource[];
  /** Secrets the program reads, in the order they appear. */
  secrets: SecretConfig[];
}

/** Section titles, by kind, in the order a program declares them. */
export const SECTIONS: Record<ResourceKind, string> = {
  Form: "forms",
  EventStream: "event streams",
  LoginTemplate: "login page template",
  RateLimitPolicy: "rate limit policies",
};

type JsonObject = Record<string, unknown>;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function without(value: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!fields.includes(key)) out[key] = item;
  return out;
}

function setPath(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

/** Text safe inside a `/** … *\/` comment (or after `#`, `//`) on one line. */
export function commentSafe(text: string | undefined): string {
  return (text ?? "").replace(/\*\//g, "*\\/").replace(/[\r\n]+/g, " ");
}

/**
 * Words for a consumer selector's identifier: `default`, `third_party_clients`; a client
 * id is cut to its first 8 characters (`client 1Ol4lXiA`), a CIMD client URI to its host.
 */
export function selectorWords(selector: string): string {
  const prefix = "client_id:";
  if (!selector.startsWith(prefix)) return selector;
  const client = selector.slice(prefix.length);
  try {
    if (/^https?:\/\//.test(client)) return `client ${new URL(client).hostname}`;
  } catch {
    // Not a URL after all: use the text.
  }
  return `client ${client.slice(0, 8)}`;
}

/** The model of `snapshot`; `reserved` names no resource may take (the writer's own variables). */
export function modelOf(snapshot: TenantSnapshot, reserved: string[] = []): TenantModel {
  const names = new NameAllocator();
  names.reserve(...reserved);
  const configNames = new NameAllocator();
  const secrets: SecretConfig[] = [];
  const resources: ModelResource[] = [];

  const secret = (name: string, description: string, value?: string): SecretRef => {
    const key = configNames.allocate(name, "secret");
    secrets.push({ name: key, description, ...(value !== undefined ? { value } : {}) });
    return new SecretRef(key);
  };

  for (const form of snapshot.forms) {
    const name = names.allocate(form.name, "form", "Form");
    const args = clone(without(form as unknown as JsonObject, SERVER_FIELDS.form));
    for (const found of formSecrets(form)) {
      const description = `${found.componentType} ${found.field} of component ${found.componentId} in form "${form.name}" (${form.id})`;
      setPath(args, found.path, secret(`${name} ${found.componentId} ${found.field}`, description, found.value));
    }
    resources.push({
      kind: "Form",
      name,
      id: form.id,
      label: form.name,
      comment: `Form "${commentSafe(form.name)}" (${form.id}).`,
      args,
    });
  }

  for (const stream of snapshot.eventStreams) {
    const name = names.allocate(stream.name, "eventStream", "Stream");
    const args = clone(without(stream as unknown as JsonObject, SERVER_FIELDS.eventStream));
    const destination = args.destination as JsonObject | undefined;
    const configuration = destination?.configuration as JsonObject | undefined;
    if (configuration) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
    const authorization = configuration?.webhook_authorization as JsonObject | undefined;
    const method = authorization?.method as keyof typeof WEBHOOK_SECRET_FIELD | undefined;
    const secretField = method ? WEBHOOK_SECRET_FIELD[method] : undefined;
    if (authorization && method && secretField) {
      const what = {
        basic: "basic auth password",
        bearer: "bearer token",
        custom_header: `value of the header ${String(authorization.header_key)}`,
      }[method];
      authorization[secretField] = secret(
        `${name} webhook ${secretField}`,
        `the ${what} of the webhook of event stream "${stream.name}" (${stream.id}); the API never returns it`,
      );
    }
    resources.push({
      kind: "EventStream",
      name,
      id: stream.id,
      label: stream.name,
      comment: `Event stream "${commentSafe(stream.name)}" (${stream.id}), ${String(destination?.type ?? "unknown")} destination.`,
      args,
    });
  }

  if (snapshot.loginTemplate !== undefined) {
    resources.push({
      kind: "LoginTemplate",
      name: names.allocate("login template", "loginTemplate"),
      id: TEMPLATE_ID,
      comment: `The hosted login page template (in ${TEMPLATE_FILE}).`,
      args: { template: new FileRef(TEMPLATE_FILE) },
    });
  }

  for (const policy of snapshot.rateLimitPolicies) {
    const name = names.allocate(`${selectorWords(policy.consumer_selector)} rate limit`, "rateLimit", "Policy");
    resources.push({
      kind: "RateLimitPolicy",
      name,
      id: policy.id,
      label: policy.consumer_selector,
      comment: `Rate limit policy of consumer_selector "${commentSafe(policy.consumer_selector)}" (${policy.id}).`,
      args: without(policy as unknown as JsonObject, SERVER_FIELDS.rateLimitPolicy),
    });
  }
  return { resources, secrets };
}

/** The `pulumi import --file` file of a model's resources (each by its id; the template by its fixed one). */
export function importFile(model: Pick<TenantModel, "resources">): string {
  const resources = model.resources.map((resource) => ({
    type: `tenant:index:${resource.kind}`,
    name: resource.name,
    id: resource.id,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
