/**
 * What a run records, bounded: however much the code logs, calls or throws, the record stays
 * within a few MiB (each entry cut, the counts capped, a last entry saying what was left out),
 * so nothing a run writes can grow the server.
 */
import { createHmac, randomUUID } from "node:crypto";
import type { CodeRunResult } from "../../api/table/operations";

/** Bounds of one run's record. */
export const RECORD_LIMITS = {
  calls: 1000,
  /** Characters of one call's arguments as JSON. */
  callArgs: 65_536,
  /** Characters of all calls' arguments together. */
  allCallArgs: 1_048_576,
  logs: 1000,
  logChars: 10_000,
  allLogChars: 1_048_576,
  errorMessage: 4096,
  errorStack: 8192,
} as const;

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

/** The calls and logs of one run. */
export class RunRecord {
  readonly calls: CodeRunResult["calls"] = [];
  readonly logs: CodeRunResult["logs"] = [];
  private argChars = 0;
  private logChars = 0;
  private callsLeftOut = 0;
  private logsLeftOut = 0;

  /** Records `api.<method>(args)`; `json` is the arguments as the guest wrote them. */
  call(method: string, json: string): void {
    if (this.calls.length >= RECORD_LIMITS.calls) {
      this.callsLeftOut++;
      return;
    }
    let args: unknown[];
    if (json.length > RECORD_LIMITS.callArgs || this.argChars + json.length > RECORD_LIMITS.allCallArgs) {
      args = [`(arguments left out: ${json.length} characters as JSON; ${RECORD_LIMITS.callArgs} at most per call)`];
    } else {
      this.argChars += json.length;
      try {
        const parsed: unknown = JSON.parse(json);
        args = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        args = ["(arguments that are not JSON)"];
      }
    }
    this.calls.push({ method: cut(method, 200), args });
  }

  /** Records one console line. */
  log(level: string, message: string): void {
    if (this.logs.length >= RECORD_LIMITS.logs || this.logChars >= RECORD_LIMITS.allLogChars) {
      this.logsLeftOut++;
      return;
    }
    const text = cut(message, RECORD_LIMITS.logChars);
    this.logChars += text.length;
    this.logs.push({ level, message: text });
  }

  /** The calls and logs, with a last line saying what was left out. */
  result(): Pick<CodeRunResult, "calls" | "logs"> {
    const logs = [...this.logs];
    if (this.logsLeftOut > 0) logs.push({ level: "warn", message: `(${this.logsLeftOut} further log lines left out)` });
    if (this.callsLeftOut > 0) {
      logs.push({ level: "warn", message: `(${this.callsLeftOut} further calls on api left out of the record)` });
    }
    return { calls: this.calls, logs };
  }
}

/** An error for the result: its parts as strings, cut to size. */
export function runError(
  name: unknown,
  message: unknown,
  stack?: unknown,
  code?: unknown,
): NonNullable<CodeRunResult["error"]> {
  const error: NonNullable<CodeRunResult["error"]> = {
    name: cut(String(name ?? "Error"), 200),
    message: cut(String(message ?? ""), RECORD_LIMITS.errorMessage),
  };
  if (typeof stack === "string" && stack) error.stack = cut(stack, RECORD_LIMITS.errorStack);
  if (typeof code === "string" && code) error.code = cut(code, 100);
  return error;
}

/** What each kind of `api` method answers (see api/kinds/action/tenant-runtime.ts's ApiAnswer). */
export class ApiAnswers {
  private readonly cache = new Map<string, { value: unknown; expires_at: number }>();
  constructor(private readonly event: Record<string, unknown>) {}

  /** `{api: true}` (the api object), `{value}`, or throws as the service's method would. */
  answer(kind: string, args: unknown[]): { api: true } | { value: unknown } {
    const [first, second] = args as [unknown, unknown];
    switch (kind) {
      case "api":
        return { api: true };
      case "cache-get": {
        const record = this.cache.get(String(first));
        return { value: record && { ...record } };
      }
      case "cache-set": {
        const options = (args[2] ?? {}) as { ttl?: number; expires_at?: number };
        const record = { value: second, expires_at: options.expires_at ?? Date.now() + (options.ttl ?? 900_000) };
        this.cache.set(String(first), record);
        return { value: { type: "success", record: { ...record } } };
      }
      case "cache-delete":
        this.cache.delete(String(first));
        return { value: { type: "success" } };
      case "false":
        return { value: false };
      case "encode-token":
        return { value: encodeToken(first) };
      case "validate-token":
        return { value: this.validateToken(first) };
      default:
        return { value: undefined };
    }
  }

  private validateToken(options: unknown): unknown {
    const { secret, tokenParameterName = "session_token" } = (options ?? {}) as Record<string, string>;
    if (typeof secret !== "string") throw new TypeError("api.redirect.validateToken needs options.secret");
    const request = (this.event.request ?? {}) as Record<string, Record<string, unknown> | undefined>;
    const token = request.query?.[tokenParameterName] ?? request.body?.[tokenParameterName];
    if (typeof token !== "string") throw new Error(`No ${tokenParameterName} in event.request`);
    const [header, payload, signature] = token.split(".");
    if (signature !== hmac(secret, `${header}.${payload}`)) throw new Error("The token's signature is invalid");
    return JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as unknown;
  }
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("base64url");

function encodeToken(options: unknown): string {
  const { secret, payload = {}, expiresInSeconds = 900 } = (options ?? {}) as Record<string, unknown>;
  if (typeof secret !== "string") throw new TypeError("api.redirect.encodeToken needs options.secret");
  const now = Math.floor(Date.now() / 1000);
  const body = { iat: now, exp: now + Number(expiresInSeconds), jti: randomUUID(), ...(payload as object) };
  const unsigned = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(body))}`;
  return `${unsigned}.${hmac(secret, unsigned)}`;
}
