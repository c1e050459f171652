/**
 * The lookups as plugin functions (`tenant:index:get<Kind>`): the same readers as the
 * program-side lookups (provider/lookups), with the client of the configured provider.
 */
import { findEventStream } from "../resources/event-stream/lookup";
import { findForm } from "../resources/form/lookup";
import { findLoginTemplate } from "../resources/login-template/lookup";
import { listRateLimitPolicies, lookupRateLimitPolicy } from "../resources/rate-limit-policy/lookup";
import * as runtime from "../runtime";
import { KIND_NAMES, KINDS, type KindName } from "../../api";

type Reader = (args: { id?: string; name?: string; consumer_selector?: string }) => Promise<unknown>;

/** A function whose `id` argument is required, refused by name when missing. */
const byId =
  (token: string, read: (id: string) => Promise<unknown>): Reader =>
  (args) => {
    if (args.id === undefined) throw new Error(`pulumi-tenant: ${token} needs an "id" argument`);
    return read(args.id);
  };

/** The functions the plugin serves, by token. */
const FUNCTIONS: Record<string, Reader> = {
  "tenant:index:getForm": (args) => findForm(runtime.sharedClient(), args),
  "tenant:index:getEventStream": (args) => findEventStream(runtime.sharedClient(), args),
  "tenant:index:getLoginTemplate": () => findLoginTemplate(runtime.sharedClient()),
  "tenant:index:getRateLimitPolicy": byId("tenant:index:getRateLimitPolicy", (id) =>
    lookupRateLimitPolicy(runtime.sharedClient(), id),
  ),
  // The schema's result is an object (functions return objects): the list under its API key.
  "tenant:index:getRateLimitPolicies": async (args) => ({
    rate_limit_policies: await listRateLimitPolicies(runtime.sharedClient(), {
      consumer_selector: args.consumer_selector,
    }),
  }),
};

/** Runs function `token` with `args`; an unknown token is named with the ones served. */
export async function invokeFunction(token: string, args: Record<string, unknown>): Promise<unknown> {
  const reader = FUNCTIONS[token];
  if (!reader) {
    throw new Error(
      `pulumi-tenant: unknown function "${token}"; this plugin serves ${Object.keys(FUNCTIONS).join(", ")}`,
    );
  }
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return reader({ id: text(args.id), name: text(args.name), consumer_selector: text(args.consumer_selector) });
}

/**
 * The kind whose one object function `token` answers (its secrets are sealed in the result),
 * from the table's lookups; undefined for a list function.
 */
export function kindOfFunction(token: string): KindName | undefined {
  const name = token.split(":").pop();
  return KIND_NAMES.find((kind) =>
    KINDS[kind].lookups.some((lookup) => lookup.name === name && lookup.result !== "list"),
  );
}
