/**
 * The request log: pino, one JSON line per request. Bodies are never logged, and the
 * redaction list covers every secret the server handles in case one ever reaches a
 * log call (Authorization header, client secrets, webhook credentials, form component
 * secrets).
 *
 * pino writes through a SonicBoom buffer. When the reader of the log (a pipe, a terminal)
 * is slower than a flood of requests, that buffer would grow without bound, so it is
 * capped: lines that do not fit are dropped and counted, and a line saying how many were
 * dropped follows once there is room. Closing waits a bounded time for the buffer to
 * drain, so SIGTERM never hangs on a reader that stopped reading.
 */
import pino, { type Logger } from "pino";
import { EACH, kindNames, kindSpec, secretKeys } from "../api";

/** Logger settings: `false` for silence, `true` for stdout at info. */
export type LoggerOption = boolean | { destination?: string | NodeJS.WritableStream; level?: string };

/**
 * Paths pino replaces with `[Redacted]` whatever the kinds: the server's own credentials
 * (the Authorization header, client secrets, the token endpoint's `access_token`) and the
 * payment key inside a component's sealed `credentials`. The kinds' secrets come from the
 * table ({@link redactPaths}).
 */
export const REDACT_PATHS = [
  "authorization",
  "headers.authorization",
  "req.headers.authorization",
  "request.headers.authorization",
  "client_secret",
  "*.client_secret",
  "clientSecret",
  "*.clientSecret",
  "access_token",
  "*.access_token",
  "private_key",
  "*.private_key",
];

/**
 * Every path the log redacts: {@link REDACT_PATHS} and, for every secret the kinds declare
 * (the table's and those declared with `defineKind` before the server starts), its key at
 * the top, one level down and under its parent key (`*.webhook_authorization.password`).
 */
export function redactPaths(): string[] {
  const declared = kindNames().flatMap((kind) =>
    kindSpec(kind)!.secretPaths.flatMap((path) => {
      const [key] = secretKeys([path]);
      if (key === undefined) return [];
      const parent = path.at(-2);
      return [key, `*.${key}`, ...(typeof parent === "string" && parent !== EACH ? [`*.${parent}.${key}`] : [])];
    }),
  );
  return [...new Set([...REDACT_PATHS, ...declared])];
}

/** Most bytes of log lines held while the destination cannot take them. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;
/** How long closing waits for buffered lines to be written. */
export const LOG_CLOSE_TIMEOUT_MS = 2_000;
const DROP_REPORT_INTERVAL_MS = 1_000;

/** pino's destination stream (a SonicBoom). */
type Destination = ReturnType<typeof pino.destination>;

/** The server's logger and its bounded destination. */
export interface TenantLogger {
  logger: Logger;
  /** Lines dropped so far because the destination was not keeping up. */
  dropped(): number;
  /** Writes what is buffered (waiting at most `timeoutMs`), then stops logging. */
  close(timeoutMs?: number): Promise<void>;
}

function boundedDestination(destination: string | undefined): Destination {
  return pino.destination({
    dest: destination ?? process.stdout.fd ?? 1,
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    ...(destination === undefined ? {} : { mkdir: true }),
  });
}

/** Ends `stream`, giving up (and discarding what is left) after `timeoutMs`. */
async function endWithin(stream: Destination, timeoutMs: number): Promise<void> {
  const ended = new Promise<void>((resolve) => stream.once("close", () => resolve()));
  stream.end();
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = await Promise.race([
    ended.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  // Destroyed, the stream is skipped by pino's exit handler, which would otherwise retry a full pipe forever.
  if (gaveUp) stream.destroy();
}

/** Builds the logger, or undefined when logging is off. */
export function createLogger(option: LoggerOption | undefined): TenantLogger | undefined {
  if (option === false) return undefined;
  const settings = option === true || option === undefined ? {} : option;
  const options = { level: settings.level ?? "info", redact: { paths: redactPaths(), censor: "[Redacted]" } };
  const { destination } = settings;
  if (destination !== undefined && typeof destination !== "string") {
    // A stream the caller gave (tests): its buffering is the caller's.
    const logger = pino(options, destination);
    return {
      logger,
      dropped: () => 0,
      close: async () => {
        logger.level = "silent";
      },
    };
  }
  const stream = boundedDestination(destination);
  const logger = pino(options, stream);
  let dropped = 0;
  let reported = 0;
  stream.on("drop", () => {
    dropped++;
  });
  const reporter = setInterval(() => {
    if (dropped === reported) return;
    const lines = dropped - reported;
    reported = dropped;
    logger.warn({ droppedLines: lines }, "log lines dropped: the log destination is not keeping up");
  }, DROP_REPORT_INTERVAL_MS).unref();
  let closing: Promise<void> | undefined;
  return {
    logger,
    dropped: () => dropped,
    close: (timeoutMs = LOG_CLOSE_TIMEOUT_MS) => {
      clearInterval(reporter);
      logger.level = "silent";
      closing ??= endWithin(stream, timeoutMs);
      return closing;
    },
  };
}
