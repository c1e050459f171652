/**
 * Helpers for the server tests: start a server, get tokens, call the API over real HTTP
 * (global fetch) and read the answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTenantServer, type TenantServer, type TenantServerOptions } from "../../server/index";

/** A started server plus an admin token. */
export interface Harness {
  server: TenantServer;
  adminToken: string;
  /** Calls the API with the admin token unless `token` is given (null = no Authorization). */
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

/** Options of one call. */
export interface CallOptions {
  /** Sent as JSON unless `contentType` says otherwise (then it must be a string). */
  body?: unknown;
  contentType?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

/** An HTTP answer with its body decoded when it is JSON. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // Tests look into bodies freely; the shape is asserted, not assumed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Valid login page markup. */
export const TEMPLATE = "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** Makes a temporary directory; remove it with {@link removeDir}. */
export function tempDir(prefix = "tenant-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Removes a directory made by {@link tempDir}. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Sends one request and decodes the reply. */
export async function request(
  url: string,
  method: string,
  options: CallOptions & { authorization?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.authorization) headers.authorization = options.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json";
    body = options.contentType && typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  } else if (options.contentType) {
    headers["content-type"] = options.contentType;
  }
  return decodeReply(await fetch(url, { method, headers, body }));
}

/** Reads a response whole: status, headers, text, and the JSON when the text is JSON. */
export async function decodeReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Asks the token endpoint for a token. */
export async function fetchToken(
  server: TenantServer,
  clientId: string,
  clientSecret: string,
  extra: Record<string, string> = {},
): Promise<Reply> {
  return request(server.credentials.tokenUrl, "POST", {
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
      audience: server.credentials.audience,
      ...extra,
    }).toString(),
  });
}

/** A token for `clientId`, failing the test when the endpoint refuses. */
export async function tokenFor(
  server: TenantServer,
  clientId: string,
  clientSecret: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const reply = await fetchToken(server, clientId, clientSecret, extra);
  if (reply.status !== 200) throw new Error(`token request failed: ${reply.status} ${reply.text}`);
  return reply.json.access_token as string;
}

/** Starts an in-process server (no logs, a high rate limit unless given) and gets an admin token. */
export async function startHarness(options: TenantServerOptions = {}): Promise<Harness> {
  const server = await startTenantServer({ port: 0, logger: false, rateLimit: 100_000, ...options });
  const adminToken = await tokenFor(server, server.credentials.clientId, server.credentials.clientSecret);
  return {
    server,
    adminToken,
    call: (method, path, options = {}) =>
      request(`${server.url}${path}`, method, {
        ...options,
        authorization: options.token === null ? undefined : `Bearer ${options.token ?? adminToken}`,
      }),
    close: () => server.close(),
  };
}

/** Asserts the service's error shape and returns the body. */
export function expectError(reply: Reply, status: number, errorCode?: string): Reply["json"] {
  expect({ status: reply.status, body: reply.json }).toEqual({
    status,
    body: {
      statusCode: status,
      error: expect.any(String),
      message: expect.any(String),
      errorCode: errorCode ?? expect.any(String),
    },
  });
  expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
  return reply.json;
}
