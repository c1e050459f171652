/**
 * Which body encodings a route accepts (`config.bodyKinds`, JSON only by default): any
 * other body is a 415 naming the ones it takes.
 */
import type { FastifyInstance } from "fastify";
import { ERROR_CODES } from "../../api";
import { bodyKindOf } from "../body";
import { HttpError } from "../http-error";
import { globalPlugin } from "./global";

const MEDIA_TYPES = {
  json: "application/json",
  urlencoded: "application/x-www-form-urlencoded",
  html: "text/html",
} as const;

/** The preValidation hook that refuses a body kind the route does not take. */
export const contentTypeCheck = globalPlugin("tenant-content-type", (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    const contentType = request.headers["content-type"];
    if (request.body === undefined || contentType === undefined) return;
    const kind = bodyKindOf(contentType);
    const accepted = request.routeOptions.config?.bodyKinds ?? ["json"];
    if (!kind || !accepted.includes(kind)) {
      throw new HttpError(
        415,
        `Unsupported content type: ${contentType}. This operation accepts ${accepted.map((k) => MEDIA_TYPES[k]).join(", ")}.`,
        ERROR_CODES.unsupportedMediaType,
      );
    }
  });
});
