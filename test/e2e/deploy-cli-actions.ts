/**
 * The actions and trigger bindings of the deploy-CLI suite (deploy-cli.full.test.ts): what it
 * seeds in the exported tenant, and what it reads from each tenant in a form two tenants
 * share (names, not ids; secrets by name, as the API answers them).
 */

type Json = Record<string, unknown>;

/** Calls the tenant's API (a path under `/api/v2`) and answers the body; it throws unless the answer is 2xx. */
export type TenantApi = (method: string, apiPath: string, body?: unknown) => Promise<unknown>;

/** The value of the seeded secret, which no export may hold. */
export const SEEDED_SECRET_VALUE = "plan-key-never-exported";

/**
 * The actions seeded: one with a secret and dependencies, deployed and bound to post-login
 * (second); one bound to post-login first; one bound to pre-user-registration; a draft
 * never deployed.
 */
export const SEEDED_ACTIONS: readonly Json[] = [
  {
    name: "Add claims",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    code: "exports.onExecutePostLogin = async (event, api) => {\n  api.idToken.setCustomClaim('plan', event.secrets.PLAN_KEY);\n};\n",
    runtime: "node22",
    dependencies: [
      { name: "lodash", version: "4.17.21" },
      { name: "axios", version: "1.7.9" },
    ],
    secrets: [{ name: "PLAN_KEY", value: SEEDED_SECRET_VALUE }],
    deploy: true,
  },
  {
    name: "Audit logins",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    code: "exports.onExecutePostLogin = async (event) => {\n  console.log(event.user.user_id);\n};\n",
    deploy: true,
  },
  {
    name: "Check sign-up",
    supported_triggers: [{ id: "pre-user-registration", version: "v2" }],
    code: "exports.onExecutePreUserRegistration = async () => {};\n",
    runtime: "node18",
    deploy: true,
  },
  {
    name: "Draft idea",
    supported_triggers: [{ id: "post-login", version: "v3" }],
    code: "exports.onExecutePostLogin = async () => {};\n",
  },
];

/**
 * What the seeded tenant holds, as {@link readActions} and {@link readBindings} read it (jest
 * matchers): the seeded actions among its actions, deployed but the draft, the secret by name;
 * the bindings in the order they were set.
 */
export const SEEDED_ACTIONS_HELD = {
  actions: expect.arrayContaining([
    expect.objectContaining({
      name: "Add claims",
      runtime: "node22",
      dependencies: SEEDED_ACTIONS[0]!.dependencies,
      secrets: ["PLAN_KEY"],
      deployed: true,
      all_changes_deployed: true,
    }),
    expect.objectContaining({ name: "Check sign-up", runtime: "node18", deployed: true }),
    expect.objectContaining({ name: "Draft idea", deployed: false, all_changes_deployed: false }),
  ]),
  triggers: {
    "post-login": [
      ["Audit logins", "Audit first"],
      ["Add claims", "Add claims"],
    ],
    "pre-user-registration": [["Check sign-up", "Check sign-up"]],
  },
};

/** Creates {@link SEEDED_ACTIONS} and binds them: two on post-login, one on pre-user-registration. */
export async function seedActions(api: TenantApi): Promise<void> {
  const [claims] = (await Promise.all(
    SEEDED_ACTIONS.map((action) => api("POST", "/actions/actions", action)),
  )) as Json[];
  // The tenant builds and deploys a moment after it answers (as the service does): bind once every action is live.
  for (let tries = 0; tries < 200; tries += 1) {
    const listed = (await api("GET", "/actions/actions?per_page=100")) as { actions: Json[] };
    const live = listed.actions.filter((action) => (action.deployed_version as Json | undefined)?.deployed === true);
    if (live.length >= SEEDED_ACTIONS.filter((action) => action.deploy === true).length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Two bindings on one trigger, in neither the order of creation nor of names; one action by id, one by name.
  await api("PATCH", "/actions/triggers/post-login/bindings", {
    bindings: [
      { ref: { type: "action_name", value: "Audit logins" }, display_name: "Audit first" },
      { ref: { type: "action_id", value: claims!.id } },
    ],
  });
  await api("PATCH", "/actions/triggers/pre-user-registration/bindings", {
    bindings: [{ ref: { type: "action_name", value: "Check sign-up" }, display_name: "Check sign-up" }],
  });
}

/** Waits until no action of the tenant is still building (a build ends a moment after the write, as on the service). */
export async function untilBuilt(api: TenantApi): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { actions } = (await api("GET", "/actions/actions?per_page=100")) as { actions: Json[] };
    if (actions.every((action) => action.status !== "pending" && action.status !== "building")) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the tenant's actions were still building after 10 s");
}

/** The tenant's actions by name: their drafts, secrets' names, and whether (all of) each is deployed. */
export async function readActions(api: TenantApi): Promise<Json[]> {
  const { actions } = (await api("GET", "/actions/actions?per_page=100")) as { actions: Json[] };
  return actions
    .map((action) => ({
      name: action.name,
      code: action.code,
      runtime: action.runtime,
      supported_triggers: action.supported_triggers,
      dependencies: action.dependencies,
      secrets: (action.secrets as Json[]).map((secret) => secret.name),
      deployed: action.deployed_version !== undefined,
      all_changes_deployed: action.all_changes_deployed,
      status: action.status,
    }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/**
 * Each trigger's bindings, in order, as `[action name, display name]`; triggers with none left
 * out. An entity-bound trigger has no list (the tenant refuses to list it, as the service does).
 */
export async function readBindings(api: TenantApi): Promise<Record<string, unknown[][]>> {
  const { triggers } = (await api("GET", "/actions/triggers")) as { triggers: Json[] };
  const listed = triggers.filter((trigger) => trigger.binding_policy !== "entity-bound");
  const ids = [...new Set(listed.map((trigger) => String(trigger.id)))];
  const bound = await Promise.all(
    ids.map(async (id) => {
      const { bindings } = (await api("GET", `/actions/triggers/${id}/bindings`)) as { bindings: Json[] };
      return [id, bindings.map((binding) => [(binding.action as Json).name, binding.display_name])] as const;
    }),
  );
  return Object.fromEntries(bound.filter(([, bindings]) => bindings.length > 0));
}
