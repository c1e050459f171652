/**
 * The request log: one line per answered request (Fastify's own request/response pair is
 * off). Bodies are never logged.
 */
import type { FastifyInstance } from "fastify";
import { globalPlugin } from "./global";

/** The onResponse hook that writes the line. */
export const requestLog = globalPlugin("tenant-request-log", (app: FastifyInstance) => {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info({
      method: request.method, route: request.routeOptions.url, path: request.url.split("?")[0], status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10, client: request.principal?.client.client_id,
    }, "request");
  });
});
