/**
 * The request log: one line per answered request (Fastify's own request/response pair is
 * off). Bodies are never logged, and neither are query strings.
 *
 * What a line costs is bounded whatever the client sends: the path is cut to
 * {@link LOGGED_PATH_MAX} characters (a URL may be 16 KiB), and requests refused by the rate
 * limit — the bulk of any flood — are not logged one by one but counted, one summary line
 * a second.
 */
import type { FastifyInstance } from "fastify";
import { globalPlugin } from "./global";

/** Characters of a request path the log keeps. */
export const LOGGED_PATH_MAX = 200;
const SUMMARY_INTERVAL_MS = 1_000;

/** The path of `url` without its query, cut to {@link LOGGED_PATH_MAX} characters. */
export function loggedPath(url: string): string {
  const end = url.indexOf("?");
  const path = end < 0 ? url : url.slice(0, end);
  return path.length > LOGGED_PATH_MAX ? `${path.slice(0, LOGGED_PATH_MAX)}…(${path.length} chars)` : path;
}

/** The onResponse hook that writes the line, and the per-second summary of 429s. */
export const requestLog = globalPlugin("tenant-request-log", (app: FastifyInstance) => {
  let rateLimited = 0;
  const summary = setInterval(() => {
    if (rateLimited === 0) return;
    app.log.info({ status: 429, requests: rateLimited }, "requests refused by the rate limit in the last second");
    rateLimited = 0;
  }, SUMMARY_INTERVAL_MS).unref();
  app.addHook("onClose", async () => clearInterval(summary));

  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode === 429) {
      rateLimited++;
      return;
    }
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: loggedPath(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: request.principal?.client.client_id,
      },
      "request",
    );
  });
});
