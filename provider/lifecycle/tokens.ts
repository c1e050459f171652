/**
 * Type names of the resources. With the module they form the type tokens
 * `pulumi-nodejs:dynamic/tenant:<Type>`, part of every URN: never rename them.
 */
import { KIND_NAMES, KINDS, type KindName } from "../../api";

/** The module of every type token. */
export const TYPE_MODULE = "tenant";

/** The type name of each resource kind, from the table of kinds (api/kinds/index.ts). */
export const TYPE_NAMES = Object.fromEntries(KIND_NAMES.map((kind) => [kind, KINDS[kind].typeName])) as {
  readonly [K in KindName]: (typeof KINDS)[K]["typeName"];
};

/** A resource kind: the name the serialized providers pass to the runtime. */
export type ResourceKind = KindName;
