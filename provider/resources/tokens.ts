/**
 * Type names of the resources. With the module they form the type tokens
 * `pulumi-nodejs:dynamic/tenant:<Type>`, part of every URN: never rename them.
 */

/** The module of every type token. */
export const TYPE_MODULE = "tenant";

/** The type name of each resource kind. */
export const TYPE_NAMES = {
  form: "Form",
  eventStream: "EventStream",
  loginTemplate: "LoginTemplate",
  rateLimitPolicy: "RateLimitPolicy",
} as const;

/** A resource kind: the name the serialized providers pass to the runtime. */
export type ResourceKind = keyof typeof TYPE_NAMES;
