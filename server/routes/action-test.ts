/**
 * `POST /api/v2/actions/actions/{id}/test`: runs the action's current code locally with
 * `{payload}` as its event and answers `{payload}` with what the code asked for (the calls on
 * `api` in order, its logs, the error if it threw or hit a limit, the duration). Running code
 * is opt-in: without the server's `runActions` option (`--run-actions`) the route answers 403.
 */
import type { FastifyInstance } from "fastify";
import { ACTIONS_PATH, NEIGHBOUR_SCOPES, type Action } from "../../api";
import { ActionRunRefused, runAction, type ActionTestOptions } from "../action-runner";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, invalidUri, notFound } from "../http-error";
import type { IdRoute } from "../validation";

/**
 * Runs at once, at most: each is a Node process (about 40 MiB, up to the memory limit), and
 * the machine that runs the tenant server runs the tests too. More get 429 and retry.
 */
export const MAX_CONCURRENT_RUNS = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the runner needs of a stored action. */
export interface RunnableAction {
  trigger: string;
  code: string;
  dependencies: string[];
  secrets: Record<string, string>;
}

/**
 * Reads the action to test from the store: the one place that knows how actions are kept
 * (collection `actions`, the draft's `code`, `supported_triggers`, `dependencies`, `secrets`).
 */
export function readRunnableAction(context: TenantContext, id: string): RunnableAction | undefined {
  const action = context.store.collection<Action>("actions").get(id);
  if (!action) return undefined;
  const secrets = (action.secrets as unknown as { name: string; value?: string }[]).filter(
    (secret) => typeof secret.value === "string",
  );
  return {
    trigger: action.supported_triggers[0]?.id ?? "",
    code: action.code,
    dependencies: action.dependencies.map((dependency) => dependency.name),
    secrets: Object.fromEntries(secrets.map((secret) => [secret.name, secret.value as string])),
  };
}

/** Registers the test route. */
export function registerActionTestRoute(
  app: FastifyInstance,
  context: TenantContext,
  options: ActionTestOptions,
): void {
  let running = 0;
  app.post<IdRoute>(
    `/api/v2${ACTIONS_PATH}/:id/test`,
    { config: { auth: { scope: NEIGHBOUR_SCOPES.actions.create } } },
    async (request) => {
      if (!options.enabled) {
        throw new HttpError(
          403,
          "This tenant server does not run action code. Start it with --run-actions " +
            "(or startTenantServer({ runActions: true })) to test actions locally.",
          "actions_not_runnable",
        );
      }
      const { id } = request.params;
      if (!UUID.test(id)) throw invalidUri("id", `String does not match pattern: ${UUID.source}`);
      const body = request.body as { payload?: unknown } | undefined;
      const payload = body?.payload;
      if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
        throw invalidBody("payload: expected an object (the event to run the action with)");
      }
      const action = readRunnableAction(context, id);
      if (!action) throw notFound(`The action with id ${id} does not exist.`, "inexistent_action");
      if (running >= MAX_CONCURRENT_RUNS) {
        throw new HttpError(
          429,
          `${MAX_CONCURRENT_RUNS} action tests are running already; retry when one has finished.`,
          "too_many_requests",
          { "retry-after": "1" },
        );
      }
      running += 1;
      try {
        const result = await runAction({
          ...action,
          payload: payload as Record<string, unknown>,
          limits: options.limits,
        });
        return { payload: result };
      } catch (error) {
        if (error instanceof ActionRunRefused) throw new HttpError(400, error.message, "invalid_body");
        throw error;
      } finally {
        running -= 1;
      }
    },
  );
}
