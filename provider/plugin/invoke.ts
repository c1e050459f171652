/**
 * The lookups as plugin functions (`tenant:index:get<Kind>`): the same readers as the
 * program-side lookups (provider/lookups), with the client of the configured provider.
 */
import { findEventStream } from "../lookups/event-streams";
import { findForm } from "../lookups/forms";
import { findLoginTemplate } from "../lookups/login-template";
import * as runtime from "../runtime";

type Reader = (args: { id?: string; name?: string }) => Promise<unknown>;

/** The functions the plugin serves, by token. */
const FUNCTIONS: Record<string, Reader> = {
  "tenant:index:getForm": (args) => findForm(runtime.sharedClient(), args),
  "tenant:index:getEventStream": (args) => findEventStream(runtime.sharedClient(), args),
  "tenant:index:getLoginTemplate": () => findLoginTemplate(runtime.sharedClient()),
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
  return reader({ id: text(args.id), name: text(args.name) });
}
