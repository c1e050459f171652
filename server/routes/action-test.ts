/**
 * `POST /api/v2/actions/actions/{id}/test`: runs the action's current code locally with
 * `{payload}` as its event and answers `{payload}` with what the code asked for (the calls on
 * `api` in order, its logs, the error if it threw or hit a limit, the duration). Running code
 * is opt-in: without the server's `runActions` option (`--run-actions`) the route answers 403.
 */
import type { FastifyInstance } from "fastify";
import { ACTIONS_PATH, kindSpec } from "../../api";
import { ActionRunRefused, runAction, type ActionTestOptions } from "../action-runner";
import type { TenantContext } from "../context";
import { HttpError, invalidBody, notFound } from "../http-error";
import { validPathId, type IdRoute } from "../validation";
import { actionStore } from "./actions";

/**
 * Runs at once, at most: each is a Node process (about 40 MiB, up to the memory limit), and
 * the machine that runs the tenant server runs the tests too. More get 429 and retry.
 */
export const MAX_CONCURRENT_RUNS = 4;

/** What the runner needs of a stored action. */
export interface RunnableAction {
  trigger: string;
  code: string;
  dependencies: string[];
  secrets: Record<string, string>;
}

/**
 * Reads the action to test from the kind's store (server/routes/actions.ts `actionStore`,
 * secrets opened): the draft's `code`, `supported_triggers`, `dependencies`, `secrets`.
 */
export function readRunnableAction(context: TenantContext, id: string): RunnableAction | undefined {
  const action = actionStore(context).get(id);
  if (!action) return undefined;
  const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
  const secrets = list<{ name: string; value?: string }>(action.secrets).filter(
    (secret) => typeof secret.value === "string",
  );
  return {
    trigger: list<{ id: string }>(action.supported_triggers)[0]?.id ?? "",
    code: typeof action.code === "string" ? action.code : "",
    dependencies: list<{ name: string }>(action.dependencies).map((dependency) => dependency.name),
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
    { config: { auth: { scope: kindSpec("action")!.scopes.create ?? "" } } },
    async (request) => {
      if (!options.enabled) {
        throw new HttpError(
          403,
          "This tenant server does not run action code. Start it with --run-actions " +
            "(or startTenantServer({ runActions: true })) to test actions locally.",
          "actions_not_runnable",
        );
      }
      const id = validPathId("action", request.params.id);
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
