/**
 * Shared by the fault suites: the quick/full size switch, the one-line figures every
 * suite prints, and small HTTP helpers that talk to a tenant server with raw requests
 * (no project client in between, so what is measured is the server itself).
 */
import * as fs from "node:fs";
import * as http from "node:http";
import { isApiErrorBody } from "../../api";
import type { TenantServer } from "../../server/index";
import { decodeReply } from "../server/helpers";

/** `TENANT_FULL=1` runs every suite at the size issue 7 asks for; the default is a quick size. */
export const FULL = process.env.TENANT_FULL === "1";

/** `quick` by default, `full` under `TENANT_FULL=1`. */
export function sized(quick: number, full: number): number {
  return FULL ? full : quick;
}

/** A figure's values, printed as `key=value` in the given order. */
export type FigureValues = Record<string, number | string>;

/**
 * Prints `FIGURE <name>: k=v k=v …` (one line, the same in quick and full runs, with
 * `size=quick|full` appended) and, when `TENANT_FIGURES_FILE` is set, appends it there
 * too so RELIABILITY.md can be written from one run's figures.
 */
export function printFigure(name: string, values: FigureValues): string {
  const line = `FIGURE ${name}: ${Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join(" ")} size=${FULL ? "full" : "quick"}`;
  console.log(line);
  if (process.env.TENANT_FIGURES_FILE) fs.appendFileSync(process.env.TENANT_FIGURES_FILE, `${line}\n`);
  return line;
}

/**
 * A stack name unique to this run: stack config files live in the program directory,
 * so two runs of a suite at once (two engineers, or CI) must not share a name.
 */
export function stackName(base: string): string {
  return `${base}-${process.pid}`;
}

/** A temporary directory, removed by the caller with `fs.rmSync(dir, {recursive: true, force: true})`. */
export { tempDir } from "../server/helpers";

/** An HTTP answer: status, headers, raw text and the parsed JSON when the text is JSON. */
export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Sends one request (body as given: string or bytes, with its own content type) and reads the answer. */
export async function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<RawReply> {
  return decodeReply(await fetch(url, { method: init.method, headers: init.headers, body: init.body }));
}

/**
 * Sends one request with node:http, which (unlike fetch) sends a body with any method
 * and any header value, so hostile requests reach the server as written.
 */
export function sendRaw(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<RawReply> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  // Node sends GET and DELETE bodies without framing unless told the length.
  const headers = { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        resolve({ status: response.statusCode ?? 0, headers, text, json });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Client credentials for the token endpoint. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Gets an access token with the client credentials grant; throws with the server's answer when refused. */
export async function tokenFor(server: Pick<TenantServer, "credentials">, client?: ClientCredentials): Promise<string> {
  const { clientId, clientSecret } = client ?? server.credentials;
  const reply = await send(server.credentials.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
      audience: server.credentials.audience,
    }).toString(),
  });
  const token = (reply.json as { access_token?: string } | undefined)?.access_token;
  if (reply.status !== 200 || !token)
    throw new Error(`token request for ${clientId} failed: ${reply.status} ${reply.text}`);
  return token;
}

/** Calls `method apiPath` under /api/v2 with a bearer token and a JSON body. */
export async function callApi(
  server: Pick<TenantServer, "baseUrl">,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<RawReply> {
  return send(`${server.baseUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** True when a reply is a refusal in the service's error shape, served as JSON. */
export function isShapedRejection(reply: RawReply): boolean {
  return (
    reply.status >= 400 &&
    isApiErrorBody(reply.json) &&
    (reply.json as { statusCode: number }).statusCode === reply.status &&
    (reply.headers.get("content-type") ?? "").startsWith("application/json")
  );
}

/** Valid login page markup (the two tags the service requires). */
export const TEMPLATE = "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** A minimal valid form body. */
export const formBody = (name: string) => ({ name, start: { next_node: "$ending" } });

/** A minimal valid event stream body with a basic-auth webhook. */
export const eventStreamBody = (name: string, password = "hook-password-1") => ({
  name,
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/in",
      webhook_authorization: { method: "basic", username: "hook", password },
    },
  },
});

/** A minimal valid rate limit policy body for `selector`. */
export const policyBody = (selector: string) => ({
  resource: "oauth_authentication_api",
  consumer: "client",
  consumer_selector: selector,
  configuration: { action: "block", limit: 100 },
});
