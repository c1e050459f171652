/** A scope of the management API: `<verb>:<resource>`. */
export type Scope = `${"create" | "read" | "update" | "delete"}:${string}`;

/** Scopes per operation. The rate limit policy operations also need a global client. */
export const SCOPES = {
  rateLimitPolicies: {
    list: "read:rate_limit_policies",
    get: "read:rate_limit_policies",
    create: "create:rate_limit_policies",
    update: "update:rate_limit_policies",
    delete: "delete:rate_limit_policies",
  },
  forms: {
    list: "read:forms",
    get: "read:forms",
    create: "create:forms",
    update: "update:forms",
    delete: "delete:forms",
  },
  eventStreams: {
    list: "read:event_streams",
    get: "read:event_streams",
    create: "create:event_streams",
    update: "update:event_streams",
    delete: "delete:event_streams",
  },
  branding: { get: "read:branding", update: "update:branding", delete: "delete:branding" },
} as const;

/** Every scope the server knows, e.g. for the admin client. */
export const ALL_SCOPES: string[] = [
  ...new Set(Object.values(SCOPES).flatMap((operations) => Object.values(operations) as string[])),
].sort();
