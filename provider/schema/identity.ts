/**
 * The project's published identity, stated by every package it publishes: the package schema
 * (and through it the SDKs' metadata), the Java SDK's namespace, provider/package.json and
 * server/package.json (a unit test checks they agree).
 */

/**
 * Who publishes the packages and where the project lives, as every package states it (schema.json
 * and so the SDKs' metadata, provider/package.json, server/package.json): the GitHub repository
 * pulumi-tenant/pulumi-tenant, the same that hosts the plugin's releases and the Go module.
 */
export const PROJECT_IDENTITY = {
  publisher: "pulumi-tenant",
  repository: "https://github.com/pulumi-tenant/pulumi-tenant",
  homepage: "https://github.com/pulumi-tenant/pulumi-tenant#readme",
  keywords: [
    "pulumi",
    "tenant",
    "auth0",
    "identity",
    "forms",
    "event-streams",
    "kind/native",
    "category/infrastructure",
  ],
} as const;

/**
 * The Java SDK's Maven groupId and base package: the project's own namespace (Maven Central's for the
 * GitHub organisation pulumi-tenant), never Pulumi's `com.pulumi`. Classes are `${JAVA_BASE_PACKAGE}.tenant.Form`.
 */
export const JAVA_BASE_PACKAGE = "io.github.pulumitenant";

/** The Java SDK's package of classes: `${JAVA_PACKAGE}.Form`, `${JAVA_PACKAGE}.inputs.*`. */
export const JAVA_PACKAGE = `${JAVA_BASE_PACKAGE}.tenant`;
