/**
 * A trigger's bindings (`/api/v2/actions/triggers/{triggerId}/bindings`): the ordered list of
 * actions the tenant runs at one trigger (`post-login`, …), each by reference to an action
 * (its id). A singleton keyed by its trigger: one list per trigger, its id the trigger's id.
 * `PATCH` sets the whole list (`{bindings: [{ref: {type: "action_id", value}, display_name}]}`);
 * `GET` answers it page by page, each binding with its action. The order is the order the
 * actions run in. The Terraform provider's equivalent is `auth0_trigger_actions`.
 */
import type { KindDeclaration } from "../../table/kind-spec";
import { triggerBindingsProviderHooks } from "./provider";
import { TRIGGER_BINDINGS_PATH, TRIGGER_BOUND_IDS, triggerBindingActionSchema, triggerBindingsSchema } from "./schemas";

export * from "./schemas";

/** What each field of a trigger's bindings means (the table's `fieldDocs`). */
const TRIGGER_BINDINGS_FIELD_DOCS: Readonly<Record<string, string>> = {
  trigger_id:
    "The trigger whose bindings these are (`post-login`, `pre-user-registration`, …): the resource's id. A change replaces the resource (another trigger's list).",
  actions:
    "The actions the trigger runs, in order: the first runs first. Each must be deployed and support the trigger. Empty: the trigger runs none.",
  "actions.id": "The action's id (a UUID): write it as the Action resource's `id`.",
  "actions.display_name": "The binding's name in the tenant's dashboard; the action's name when left out.",
};

/** The trigger bindings' entry in the table of kinds. */
export const triggerBindingsKind = {
  typeName: "TriggerBindings",
  label: "trigger bindings",
  plural: "trigger bindings",
  description:
    "The ordered list of actions the tenant runs at one trigger (`post-login`, …), by reference to the actions; " +
    "one per trigger, its id the trigger's id.",
  path: TRIGGER_BINDINGS_PATH,
  shape: "singleton",
  // The service lists no bindings of an entity-bound trigger (a 400): generate reads the others.
  singletonKey: { field: "trigger_id", values: TRIGGER_BOUND_IDS },
  // The whole list at once; removing the resource leaves the trigger running no action.
  singletonWrites: { method: "PATCH", deleteWrites: { actions: [] } },
  createSchema: triggerBindingsSchema,
  updateSchema: triggerBindingsSchema,
  responseSchema: triggerBindingsSchema,
  secretPaths: [],
  secretsAre: "read-back",
  scopes: { get: "read:actions", update: "update:actions", delete: "update:actions" },
  // `GET` answers `{bindings, total, page, per_page}`, whatever `include_totals` says.
  paging: { style: "offset", listKey: "bindings", maxPageSize: 100, answers: "page" },
  notFoundCode: "invalid_uri",
  namedTypes: [[triggerBindingActionSchema, "TriggerBindingAction"]],
  fieldDocs: TRIGGER_BINDINGS_FIELD_DOCS,
  example: { trigger_id: "post-login", actions: [{ id: "60134922-5187-4b2c-9c4e-281204735391" }] },
  lookups: [
    {
      name: "getTriggerBindings",
      description: "Reads the actions bound to one trigger of the tenant, in the order they run.",
      args: [{ name: "trigger_id", description: "The trigger (`post-login`, …)." }],
      oneOf: ["trigger_id"],
      result: "object",
      example: { trigger_id: "post-login" },
    },
  ],
  // Bindings hold actions: a bound action's delete needs `force`, which unbinds it. The tenant
  // checks each binding against the actions, so the actions' routes serve the bindings'.
  relations: { holds: ["action"], servedBy: "action" },
  provider: triggerBindingsProviderHooks,
} as const satisfies KindDeclaration;
