/**
 * Fastify encapsulates what a plugin adds (hooks, handlers) to the plugin's own context.
 * The server's pipeline must see every route, so its plugins opt out of encapsulation
 * with the `skip-override` symbol — what the `fastify-plugin` package sets, without the
 * dependency.
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/** A plugin whose hooks and handlers apply to the whole application. */
export function globalPlugin<Options extends object = Record<never, never>>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void> | void,
): FastifyPluginAsync<Options> {
  const wrapped = async (app: FastifyInstance, options: Options) => plugin(app, options);
  Object.assign(wrapped, { [Symbol.for("skip-override")]: true, [Symbol.for("fastify.display-name")]: name });
  return wrapped;
}
