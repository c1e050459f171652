/** The management API contract shared by the tenant server and the provider. */
export * from "./errors";
export * from "./event-types";
export * from "./ids";
export * from "./limits";
export * from "./schemas";
export * from "./scopes";
export * from "./types";
export * from "./validate";
