/**
 * The plugin's values between the engine and the runtime: the engine's protobuf structs as
 * plain JSON and back, a resource's properties renamed between the package schema's names and
 * the API's (provider/schema/names.ts), and the resource's URN carried to the runtime's
 * ownership rules and taken off again. The gRPC door (server.ts) converts through these.
 */
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import { OWNER_KEY } from "../lifecycle/ownership";
import { renameResource } from "../schema/names";

/** A JSON object: a resource's properties, a request's arguments. */
export type Json = Record<string, unknown>;

/** A struct from the engine as plain JSON (an absent struct: `{}`). */
export function toJson(struct: structPb.Struct | undefined): Json {
  return (struct?.toJavaScript() ?? {}) as Json;
}

/** A resource's properties from the engine (the schema's names) in the API's names; envelopes kept. */
export const wireOf = (kind: string, struct: structPb.Struct | undefined): Json =>
  renameResource(kind, toJson(struct), "toWire");

/** A resource's properties in the API's names as the engine's struct (the schema's names). */
export const structOf = (kind: string, properties: Json): structPb.Struct =>
  toStruct(renameResource(kind, properties, "toSchema"));

/** Plain JSON as the engine's struct (`undefined` values dropped, as JSON drops them). */
export function toStruct(value: unknown): structPb.Struct {
  return structPb.Struct.fromJavaScript(
    JSON.parse(JSON.stringify(value ?? {})) as Record<string, structPb.JavaScriptValue>,
  );
}

/**
 * `values` with the URN of the resource they belong to (the engine gives it with every call),
 * which the runtime's ownership rules read; the plugin never stores it.
 */
export function withUrn(values: Json, urn: string): Json {
  return urn ? { ...values, [OWNER_KEY]: urn } : values;
}

/** `values` without the URN {@link withUrn} added: the plugin's state keeps the engine's own. */
export function withoutUrn(values: Json): Json {
  if (!(OWNER_KEY in values)) return values;
  const { [OWNER_KEY]: _urn, ...rest } = values;
  return rest;
}
