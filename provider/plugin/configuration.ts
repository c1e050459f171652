/**
 * The plugin's provider configuration: its check (CheckConfig: a `tenant:*` setting or a
 * `tenant.Provider`'s argument, with the AUTH0_* environment fallbacks) and the settings a
 * Configure request carries. The gRPC door (server.ts) answers with these.
 */
import type * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import { ConfigurationError } from "../client/errors";
import { readSettingsInput, resolveSettings } from "../client/settings";
import { reveal } from "../schema/envelope";
import { PACKAGE_NAME as PACKAGE } from "../schema/package-schema";
import { toJson, type Json } from "./structs";

/**
 * The provider configuration's failures (a `tenant:*` setting, or a `tenant.Provider`'s
 * argument), with the AUTH0_* environment fallbacks of the dynamic path.
 */
export function configFailures(news: Json): { property: string; reason: string }[] {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  try {
    resolveSettings(readSettingsInput((key) => text(news[key.slice(key.indexOf(":") + 1)]), process.env));
    return [];
  } catch (error) {
    if (error instanceof ConfigurationError) return [{ property: "", reason: error.message }];
    throw error;
  }
}

/**
 * The settings a Configure request carries, as `tenant:<name>` lookups: a provider
 * resource's args win; else the variables, which the engine spells `tenant:config:<name>`
 * (older) or `tenant:<name>`.
 */
export function configLookup(request: providerPb.ConfigureRequest): (key: string) => string | undefined {
  const args = reveal(toJson(request.getArgs()));
  const variables = request.getVariablesMap();
  return (key) => {
    const name = key.slice(key.indexOf(":") + 1);
    const fromArgs = args[name];
    if (typeof fromArgs === "string" || typeof fromArgs === "number") return String(fromArgs);
    return variables.get(`${PACKAGE}:config:${name}`) ?? variables.get(key);
  };
}
