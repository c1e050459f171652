/**
 * `POST /actions/actions/{id}/test`: runs the action's draft in the server's sandbox
 * (`--run-actions`) with the request's `payload` laid over the trigger's event, and answers
 * `{payload: <what the code did>}`: its calls on `api`, its logs, its network requests, its error.
 *
 * Besides the service's `payload`, the body may carry `fixtures`: the answers to the code's
 * network requests (a local run makes none). Clients that send only `payload` are unchanged.
 */
import { ApiFailure, ERROR_CODES } from "../../errors";
import type { NetworkFixture, TenantRecords } from "../../table/operations";
import { actionRunJob } from "./tenant-runtime";
import { noSuchAction } from "./tenant-versions";

/** At most this many fixtures per test; each body at most {@link MAX_FIXTURE_BODY} characters once JSON. */
export const MAX_FIXTURES = 100;
const MAX_FIXTURE_BODY = 1_000_000;

const invalid = (message: string) =>
  new ApiFailure(400, `Payload validation error: '${message}'.`, ERROR_CODES.invalidBody);

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The test body's `payload`: the event to run the action with. */
function testPayload(body: unknown): Record<string, unknown> {
  const payload = (body as { payload?: unknown } | undefined)?.payload;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    throw invalid("payload: expected an object (the event to run the action with)");
  }
  return payload as Record<string, unknown>;
}

/**
 * The test body's `fixtures`, checked (a 400 naming the first wrong one): each
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

/** Runs the action's draft in the server's sandbox with the test's payload and fixtures. */
export async function testRun(id: string, body: unknown, tenant: TenantRecords): Promise<unknown> {
  if (!tenant.sandbox) {
    throw new ApiFailure(
      403,
      "This tenant server does not run action code. Start it with --run-actions " +
        "(or startTenantServer({ runActions: true })) to test actions locally.",
      "actions_not_runnable",
    );
  }
  const payload = testPayload(body);
  const fixtures = parseFixtures((body as { fixtures?: unknown }).fixtures);
  const action = tenant.objects.get(id);
  if (!action) throw noSuchAction();
  const secrets = list(action.secrets).filter(
    (secret): secret is { name: string; value: string } => typeof (secret as { value?: unknown }).value === "string",
  );
  const job = actionRunJob({
    trigger: (list(action.supported_triggers)[0] as { id?: string } | undefined)?.id ?? "",
    code: typeof action.code === "string" ? action.code : "",
    dependencies: list(action.dependencies).map((dependency) => ({
      name: String((dependency as { name?: unknown }).name),
      version: String((dependency as { version?: unknown }).version ?? "latest"),
    })),
    secrets: Object.fromEntries(secrets.map((secret) => [secret.name, secret.value])),
    payload,
    fixtures,
  });
  return { payload: await tenant.sandbox.run(job) };
}
