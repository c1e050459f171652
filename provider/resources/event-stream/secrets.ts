/**
 * Marks webhook secrets as Pulumi secrets in the resource's inputs, so the engine
 * stores them encrypted and shows `[secret]`, even when the user passed plain strings.
 *
 * `additionalSecretOutputs` only names top-level outputs, which would hide the whole
 * `destination`; marking the leaves instead keeps the endpoint and username readable.
 * A secret input comes back as a secret output key by key (nested too).
 */
import * as pulumi from "@pulumi/pulumi";

/** The write-only secret fields of `webhook_authorization`. */
export const WEBHOOK_SECRET_FIELDS = ["password", "token", "header_value"] as const;

type Loose = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value)
  && !pulumi.Output.isInstance(value) && typeof (value as { then?: unknown }).then !== "function";

function markAuthorization(authorization: unknown): unknown {
  if (!isPlainObject(authorization)) return wholeIfSecretBearing(authorization);
  const marked: Loose = { ...authorization };
  for (const field of WEBHOOK_SECRET_FIELDS) {
    if (marked[field] !== undefined) marked[field] = pulumi.secret(marked[field] as pulumi.Input<string>);
  }
  return marked;
}

function markConfiguration(configuration: unknown): unknown {
  if (!isPlainObject(configuration)) return wholeIfSecretBearing(configuration);
  if (configuration.webhook_authorization === undefined) return configuration;
  return { ...configuration, webhook_authorization: markAuthorization(configuration.webhook_authorization) };
}

function holdsSecretField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsSecretField);
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, inner]) =>
    ((WEBHOOK_SECRET_FIELDS as readonly string[]).includes(key) && inner !== undefined) || holdsSecretField(inner));
}

/**
 * For an Output or Promise we cannot open now: the whole value becomes secret once
 * resolved if it holds a secret field (`output()` resolves nested values fully).
 */
function wholeIfSecretBearing(value: unknown): unknown {
  if (value === undefined || value === null || isPlainObject(value) || typeof value !== "object") return value;
  const resolved: pulumi.Output<unknown> = pulumi.output(value as pulumi.Input<unknown>) as pulumi.Output<unknown>;
  return resolved.apply((inner: unknown) => (holdsSecretField(inner) ? pulumi.secret(inner) : inner));
}

/** The destination with `password`, `token` and `header_value` marked secret. */
export function markDestinationSecrets<T>(destination: T): T {
  if (!isPlainObject(destination)) return wholeIfSecretBearing(destination) as T;
  if (destination.configuration === undefined) return destination;
  return { ...destination, configuration: markConfiguration(destination.configuration) } as T;
}
