/**
 * Fault injection and outcome counters: a matching armed fault delays the request, fails
 * it before the handler runs, or (after the handler has committed) replaces its reply
 * with a 5xx or drops the connection. 429s and 5xx are counted on the way out.
 */
import type { FastifyInstance } from "fastify";
import { apiError, ERROR_CODES } from "../../api";
import type { TenantContext } from "../context";
import { HttpError } from "../http-error";
import { CODE_BY_STATUS } from "./errors";
import { globalPlugin } from "./global";

/** A route pattern without its trailing slash: `/oauth/token/` counts (and faults) as `/oauth/token`. */
export function normalisePattern(pattern: string): string {
  return pattern.length > 1 ? pattern.replace(/\/$/, "") : pattern;
}

/** Counter key of a route: `"METHOD /pattern"`. */
export function counterKey(method: string, pattern: string): string {
  return `${method} ${normalisePattern(pattern)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The preHandler and onSend hooks that apply faults, and the outcome counters. */
export const faultInjection = globalPlugin(
  "tenant-faults",
  (app: FastifyInstance, { context }: { context: TenantContext }) => {
    app.addHook("preHandler", async (request) => {
      const pattern = request.routeOptions.url;
      if (request.routeOptions.config?.admin || !pattern) return;
      const fault = context.faults.take(request.method, normalisePattern(pattern));
      if (!fault) return;
      if (fault.mode === "delay") await sleep(fault.delayMs);
      else if (fault.mode === "fail-before")
        throw new HttpError(
          fault.status,
          "Injected fault: the request failed before it was processed.",
          CODE_BY_STATUS[fault.status] ?? ERROR_CODES.internal,
        );
      else request.pendingFault = fault;
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const fault = request.pendingFault;
      request.pendingFault = undefined;
      if (fault?.mode === "drop-after") {
        // The handler has committed; the client never hears about it.
        request.raw.socket?.destroy();
      } else if (fault?.mode === "fail-after") {
        reply.code(fault.status).type("application/json; charset=utf-8");
        payload = JSON.stringify(
          apiError(
            fault.status,
            "Injected fault: the request failed after it was processed.",
            CODE_BY_STATUS[fault.status] ?? ERROR_CODES.internal,
          ),
        );
      }
      if (!request.routeOptions.config?.admin) {
        if (reply.statusCode === 429) context.counters.increment("429");
        if (reply.statusCode >= 500) context.counters.increment("5xx");
      }
      return payload;
    });
  },
);
