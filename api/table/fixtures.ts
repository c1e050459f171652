/**
 * Network fixtures, checked: the answers a local run gives to the requests of an action's code
 * (an action test's `fixtures`) and of the hosted login's actions and flows (the tenant server's
 * `--fixtures` and `PUT /rehearsal/fixtures`). Nothing is ever sent: a request no fixture
 * answers fails, naming the fixture that would.
 */
import { ApiFailure, ERROR_CODES } from "../errors";
import type { NetworkFixture } from "./operations";

/** At most this many fixtures per set; each body at most {@link MAX_FIXTURE_BODY} characters once JSON. */
export const MAX_FIXTURES = 100;
const MAX_FIXTURE_BODY = 1_000_000;

const invalid = (message: string) =>
  new ApiFailure(400, `Payload validation error: '${message}'.`, ERROR_CODES.invalidBody);

/**
 * A set of fixtures, checked (a 400 naming the first wrong one): each
 * `{request: {method?, url}, response?: {status?, headers?, body?}}`; a body that is not a
 * string is sent as JSON with `content-type: application/json`.
 */
export function parseFixtures(value: unknown): NetworkFixture[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw invalid("fixtures: expected an array of {request: {method, url}, response: {status, headers, body}}");
  }
  if (value.length > MAX_FIXTURES) throw invalid(`fixtures: at most ${MAX_FIXTURES}`);
  return value.map((fixture: unknown, index) => {
    const where = `fixtures[${index}]`;
    const record = fixture as { request?: { method?: unknown; url?: unknown }; response?: unknown } | null;
    if (
      typeof record !== "object" ||
      record === null ||
      typeof record.request !== "object" ||
      record.request === null
    ) {
      throw invalid(`${where}: expected {request: {method, url}, response: {status, headers, body}}`);
    }
    const { method, url } = record.request;
    if (typeof url !== "string" || !URL.canParse(url)) throw invalid(`${where}.request.url: expected an absolute URL`);
    if (method !== undefined && (typeof method !== "string" || !/^[A-Za-z]{1,16}$/.test(method))) {
      throw invalid(`${where}.request.method: expected an HTTP method such as GET`);
    }
    const response = (record.response ?? {}) as Record<string, unknown>;
    if (typeof response !== "object" || response === null || Array.isArray(response)) {
      throw invalid(`${where}.response: expected an object`);
    }
    const status = response.status ?? 200;
    if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
      throw invalid(`${where}.response.status: expected an HTTP status from 200 to 599`);
    }
    const headers = response.headers ?? {};
    if (typeof headers !== "object" || headers === null || Object.values(headers).some((v) => typeof v !== "string")) {
      throw invalid(`${where}.response.headers: expected an object of strings`);
    }
    const raw = response.body;
    const body = raw === undefined ? "" : typeof raw === "string" ? raw : JSON.stringify(raw);
    if (body.length > MAX_FIXTURE_BODY) throw invalid(`${where}.response.body: at most ${MAX_FIXTURE_BODY} characters`);
    const outHeaders = { ...(headers as Record<string, string>) };
    if (
      raw !== undefined &&
      typeof raw !== "string" &&
      !Object.keys(outHeaders).some((k) => k.toLowerCase() === "content-type")
    ) {
      outHeaders["content-type"] = "application/json";
    }
    return {
      request: { url: new URL(url).href, ...(method ? { method: method.toUpperCase() } : {}) },
      response: { status, headers: outHeaders, body },
    };
  });
}
