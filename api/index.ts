/** The management API contract shared by the tenant server and the provider. */
export * from "./errors";
export * from "./kinds";
export * from "./ids";
export * from "./scopes";
export * from "./validate";
export * from "./schema/builder";
export * from "./schema/formats";
export * from "./schema/secret-paths";
export * from "./schema/facts";
export { BODY_LIMIT_BYTES } from "./limits";
export type { CheckpointPage } from "./pages";
export * from "./neighbours";
export * from "./accounts";
export * from "./table/relations";
