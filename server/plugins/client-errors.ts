/**
 * Requests Node refuses before Fastify sees them — a malformed request line or header,
 * headers over 16 KiB, a request that did not arrive within the timeouts — answered in the
 * service's error shape like every other refusal, instead of Node's (or Fastify's) bare
 * defaults. Nothing of the request is echoed.
 */
import type { FastifyServerOptions } from "fastify";
import type { Socket } from "node:net";

/** Error codes of the refusals Node makes; the contract names none for them. */
export const CLIENT_ERROR_CODES = {
  badRequest: "invalid_request",
  requestTimeout: "request_timeout",
  headersTooLarge: "request_header_fields_too_large",
} as const;

const REFUSALS: Record<string, { status: number; reason: string; message: string; errorCode: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    message: "The request did not arrive in time.",
    errorCode: CLIENT_ERROR_CODES.requestTimeout,
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "The request line and headers exceed 16 KiB.",
    errorCode: CLIENT_ERROR_CODES.headersTooLarge,
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: "Bad Request",
  message: "The request is not valid HTTP.",
  errorCode: CLIENT_ERROR_CODES.badRequest,
};

/** Fastify's `clientErrorHandler` option. */
export const clientErrorHandler: NonNullable<FastifyServerOptions["clientErrorHandler"]> = (error, socket: Socket) => {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  // A reset connection, or one already gone: there is nobody to answer.
  if (code === "ECONNRESET" || socket.destroyed) return;
  const refusal = REFUSALS[code] ?? BAD_REQUEST;
  const body = JSON.stringify({
    statusCode: refusal.status,
    error: refusal.reason,
    message: refusal.message,
    errorCode: refusal.errorCode,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};
