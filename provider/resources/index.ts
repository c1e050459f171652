/**
 * Every resource the package provides: its type token and its implementation. The
 * module and type names are part of every URN: never rename them.
 */
import { eventStreamImplementation } from "./event-stream/provider";
import { formImplementation } from "./form/provider";
import { loginTemplateImplementation } from "./login-template/provider";
import { TYPE_MODULE, TYPE_NAMES } from "./tokens";
import type { ResourceImplementation } from "./types";

export { TYPE_MODULE, TYPE_NAMES } from "./tokens";

/** One row of {@link RESOURCES}. */
export interface ResourceEntry {
  /** The type name in the token. */
  type: string;
  /** The provider logic. */
  implementation: ResourceImplementation;
}

/** The resources, by the kind name the serialized providers pass to the runtime. */
export const RESOURCES: Record<"form" | "eventStream" | "loginTemplate", ResourceEntry> = {
  form: { type: TYPE_NAMES.form, implementation: formImplementation },
  eventStream: { type: TYPE_NAMES.eventStream, implementation: eventStreamImplementation },
  loginTemplate: { type: TYPE_NAMES.loginTemplate, implementation: loginTemplateImplementation },
};

/** A resource kind name. */
export type ResourceKind = keyof typeof RESOURCES;

/** The full type token the engine registers for a kind. */
export function typeToken(kind: ResourceKind): string {
  return `pulumi-nodejs:dynamic/${TYPE_MODULE}:${RESOURCES[kind].type}`;
}
