/**
 * `POST /actions/actions/{id}/test`: runs the action's draft in the server's sandbox
 * (`--run-actions`) with the request's `payload` laid over the trigger's event, and answers
 * `{payload: <what the code did>}`: its calls on `api`, its logs, its network requests, its error.
 *
 * Besides the service's `payload`, the body may carry `fixtures`: the answers to the code's
 * network requests (a local run makes none). Clients that send only `payload` are unchanged.
 */
import { ApiFailure, ERROR_CODES } from "../../errors";
import { parseFixtures } from "../../table/fixtures";
import type { TenantRecords } from "../../table/operations";
import { actionRunJob } from "./tenant-runtime";
import { noSuchAction } from "./tenant-versions";

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
