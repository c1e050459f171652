/**
 * A flow's outside calls, built as the service sends them: HTTP SEND_REQUEST's URL, query,
 * headers and body, with the vault connection's credentials applied (a bearer token, basic
 * authentication, an API key in a header or the query, or a client-credentials token fetched
 * first); every other integration's call as one POST to a local address per integration and
 * action, so fixtures answer it as they answer any request. Pure: the runner sends them.
 */
import { isObject } from "../../api/json";

/** A request a flow action sends. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What answered it. */
export interface IncomingResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A flow vault connection as the runner reads it (its `setup` holds the credentials). */
export interface VaultConnection {
  id: string;
  name: string;
  app_id: string;
  setup?: Record<string, unknown>;
}

/**
 * Where the calls of integrations other than HTTP go: `POST <origin>/<TYPE>/<ACTION>` with the
 * action's params (the connection id left out) as JSON. The services' own addresses are not
 * published with the flows' API, so a fixture names this one.
 */
export const INTEGRATION_ORIGIN = "https://integrations.flows.local";

/** The app of the connections HTTP SEND_REQUEST takes. */
export const HTTP_CONNECTION_APP = "HTTP";

/** Setup fields that name or locate the credentials rather than being them. */
const NOT_SECRET = new Set([
  "type",
  "in",
  "name",
  "username",
  "client_id",
  "token_endpoint",
  "audience",
  "resource",
  "scope",
]);

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/** The body of a request and its content type, as `content_type` says (JSON by default). */
function encodedPayload(payload: unknown, contentType: unknown): { body?: string; type?: string } {
  if (payload === undefined || payload === null) return {};
  if (contentType === "FORM" && isObject(payload)) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(payload))
      form.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
    return { body: form.toString(), type: "application/x-www-form-urlencoded" };
  }
  if (contentType === "XML") return { body: String(payload), type: "application/xml" };
  return { body: typeof payload === "string" ? payload : JSON.stringify(payload), type: "application/json" };
}

/** `url` with the query `params` added; an error naming the URL when it is not an absolute http(s) one. */
function withQuery(url: string, params: unknown): URL {
  if (!URL.canParse(url))
    throw new Error(`The URL "${url}" is not an absolute URL: give one such as https://api.example.com/hooks.`);
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:")
    throw new Error(`The URL "${url}" is not an http(s) URL.`);
  if (isObject(params))
    for (const [name, value] of Object.entries(params))
      if (value !== null && value !== undefined) target.searchParams.set(name, String(value));
  return target;
}

/** The connection's setup, checked to be a ready connection of `app`. */
export function setupOf(connection: VaultConnection | undefined, id: string, app: string): Record<string, unknown> {
  if (!connection)
    throw new Error(`The flow vault connection "${id}" does not exist: create it, or fix the action's connection_id.`);
  if (connection.app_id !== app)
    throw new Error(
      `The flow vault connection "${connection.name}" (${id}) is a ${connection.app_id} connection; this action needs a ${app} one.`,
    );
  if (!connection.setup)
    throw new Error(`The flow vault connection "${connection.name}" (${id}) has no credentials: set its setup.`);
  return connection.setup;
}

/** The token request of an OAUTH_CLIENT_CREDENTIALS setup (its answer's `access_token` is then sent as a bearer token). */
export function tokenRequestOf(setup: Record<string, unknown>): OutgoingRequest {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  for (const name of ["client_id", "client_secret", "audience", "resource", "scope"]) {
    const value = text(setup[name]);
    if (value) form.set(name, value);
  }
  return {
    method: "POST",
    url: withQuery(String(setup.token_endpoint ?? ""), undefined).href,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: form.toString(),
  };
}

const basicAuthorization = (username: unknown, password: unknown) =>
  `Basic ${Buffer.from(`${text(username) ?? ""}:${text(password) ?? ""}`).toString("base64")}`;

/**
 * HTTP SEND_REQUEST's request from its resolved params and its connection's setup (when it has
 * one); `bearer` is the token an OAUTH_CLIENT_CREDENTIALS setup obtained.
 */
export function httpRequestOf(
  params: Record<string, unknown>,
  setup?: Record<string, unknown>,
  bearer?: string,
): OutgoingRequest {
  const url = withQuery(String(params.url ?? ""), params.params);
  const headers: Record<string, string> = {};
  if (isObject(params.headers))
    for (const [name, value] of Object.entries(params.headers))
      if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  if (isObject(params.basic)) headers.authorization = basicAuthorization(params.basic.username, params.basic.password);
  switch (setup?.type) {
    case "BEARER":
      headers.authorization = `Bearer ${text(setup.token) ?? ""}`;
      break;
    case "BASIC_AUTH":
      headers.authorization = basicAuthorization(setup.username, setup.password);
      break;
    case "API_KEY":
      if (setup.in === "QUERY") url.searchParams.set(String(setup.name), String(setup.value));
      else headers[String(setup.name).toLowerCase()] = String(setup.value);
      break;
    case "OAUTH_CLIENT_CREDENTIALS":
      headers.authorization = `Bearer ${bearer ?? ""}`;
      break;
  }
  const method = typeof params.method === "string" ? params.method.toUpperCase() : "GET";
  const { body, type } = method === "GET" ? {} : encodedPayload(params.payload, params.content_type);
  if (type && !Object.hasOwn(headers, "content-type")) headers["content-type"] = type;
  return { method, url: url.href, headers, ...(body !== undefined ? { body } : {}) };
}

/** The call of an integration other than HTTP: its params, without the connection, posted to the local address. */
export function integrationRequestOf(type: string, action: string, params: Record<string, unknown>): OutgoingRequest {
  const { connection_id: _connection, ...rest } = params;
  return {
    method: "POST",
    url: `${INTEGRATION_ORIGIN}/${encodeURIComponent(type)}/${encodeURIComponent(action)}`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rest),
  };
}

/** A response as an action's output: `{status, headers, body}`, a JSON body parsed. */
export function responseOutput(response: IncomingResponse): {
  status: number;
  headers: Record<string, string>;
  body: unknown;
} {
  let body: unknown = response.body;
  const type = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  if (/json/i.test(type) || /^\s*[[{]/.test(response.body)) {
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
  }
  return { status: response.status, headers: { ...response.headers }, body };
}

/** The string values of a setup and of an action's basic authentication: what must never be shown. */
export function secretValues(setup: Record<string, unknown> | undefined, params: Record<string, unknown>): string[] {
  const values = Object.entries(setup ?? {})
    .filter(([name]) => !NOT_SECRET.has(name))
    .map(([, value]) => text(value));
  if (isObject(params.basic)) values.push(text(params.basic.password));
  return values.filter((value): value is string => value !== undefined && value.length >= 4);
}
