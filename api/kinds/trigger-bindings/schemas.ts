/**
 * A trigger's bindings in the program's words: the trigger, and the actions it runs in their
 * order, each by reference to an action's id (`references: "action"`, the field's fact).
 */
import { array, enumOf, object, string, type Static } from "../../schema/builder";
import { ACTION_TRIGGER_IDS, isEntityBound } from "../../triggers";

/** The triggers that have a bindings list (not `entity-bound`): the ones a tenant's bindings are read of. */
export const TRIGGER_BOUND_IDS = ACTION_TRIGGER_IDS.filter((id) => !isEntityBound(id));

/** Path of a trigger's bindings under `/api/v2`, the trigger's id in place of `{trigger_id}`. */
export const TRIGGER_BINDINGS_PATH = "/actions/triggers/{trigger_id}/bindings";

/** One action bound to the trigger: the action by id, and the name the tenant shows for the binding. */
export const triggerBindingActionSchema = object(
  {
    /** The action's id: a reference to an Action resource (`action.id`). */
    id: string({ format: "action-id", references: "action" }),
    /** The binding's name in the tenant's dashboard (the action's name when left out). */
    display_name: string({ minLength: 1, maxLength: 255 }),
  },
  { required: ["id"] },
);

/** A trigger's bindings in the program's words: the trigger, and its actions in the order they run. */
export const triggerBindingsSchema = object(
  {
    /** The trigger (`post-login`, …): the object's id; another trigger is another object. */
    trigger_id: enumOf(ACTION_TRIGGER_IDS, { replaceOnChange: true }),
    /** The actions bound to the trigger, in the order they run (empty: none). */
    actions: array(triggerBindingActionSchema, { maxItems: 100 }),
  },
  { required: ["trigger_id", "actions"] },
);

/** A trigger's bindings as a resource declares them. */
export type TriggerBindings = Static<typeof triggerBindingsSchema>;
/** One action of a trigger's bindings. */
export type TriggerBindingAction = Static<typeof triggerBindingActionSchema>;
