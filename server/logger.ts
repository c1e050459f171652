/**
 * The request log: pino, one JSON line per request. Bodies are never logged, and the
 * redaction list covers every secret the server handles in case one ever reaches a
 * log call (Authorization header, client secrets, webhook credentials).
 */
import pino, { type Logger } from "pino";
import { FORM_SECRET_PATHS, secretKeys } from "../api";

/** Logger settings: `false` for silence, `true` for stdout at info. */
export type LoggerOption = boolean | { destination?: string | NodeJS.WritableStream; level?: string };

/** Paths pino replaces with `[Redacted]`. */
export const REDACT_PATHS = [
  "authorization", "headers.authorization", "req.headers.authorization", "request.headers.authorization",
  "client_secret", "*.client_secret", "clientSecret", "*.clientSecret",
  "password", "*.password", "token", "*.token", "header_value", "*.header_value",
  "access_token", "*.access_token",
  "*.webhook_authorization.password", "*.webhook_authorization.token", "*.webhook_authorization.header_value",
  // Form component secrets (secret_key, api_key, server_key, credentials, access_token), declared in api/.
  ...secretKeys(FORM_SECRET_PATHS).flatMap((key) => [key, `*.${key}`]),
];

/** Builds the logger, or undefined when logging is off. */
export function createLogger(option: LoggerOption | undefined): Logger | undefined {
  if (option === false) return undefined;
  const settings = option === true || option === undefined ? {} : option;
  const options = { level: settings.level ?? "info", redact: { paths: REDACT_PATHS, censor: "[Redacted]" } };
  const { destination } = settings;
  if (destination === undefined) return pino(options);
  if (typeof destination === "string") return pino(options, pino.destination({ dest: destination, sync: false, mkdir: true }));
  return pino(options, destination);
}
