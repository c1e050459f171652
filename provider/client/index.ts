/** All HTTP to the tenant: settings, the client, the limiter and typed errors. */
export * from "./errors";
export * from "./http";
export * from "./limiter";
export * from "./settings";
