/**
 * The tenant's triggers, with their versions (the published `ActionTriggerTypeEnum` of the
 * `auth0` SDK): a fact of the tenant that two kinds read, not a kind of its own. An action
 * names the triggers it supports (api/kinds/action/), a trigger's bindings are keyed by one
 * (api/kinds/trigger-bindings/); the tenant checks both against this list.
 */

/**
 * A trigger's facts: its versions, oldest first (the last is the current one), and whether its
 * actions are bound to another object rather than through the trigger's bindings
 * (`entityBound`: an event stream's action is its stream's, a custom token exchange's its
 * profile's): the service answers `binding_policy: "entity-bound"` for those and refuses
 * their bindings.
 */
interface TriggerFacts {
  readonly versions: readonly string[];
  readonly entityBound?: true;
}

/** Every trigger the tenant knows, by id. */
export const ACTION_TRIGGERS = {
  "post-login": { versions: ["v1", "v2", "v3"] },
  "credentials-exchange": { versions: ["v1", "v2"] },
  "pre-user-registration": { versions: ["v1", "v2"] },
  "post-user-registration": { versions: ["v1", "v2"] },
  "post-change-password": { versions: ["v1", "v2"] },
  "send-phone-message": { versions: ["v1", "v2"] },
  "custom-phone-provider": { versions: ["v1"] },
  "custom-email-provider": { versions: ["v1"] },
  "password-reset-post-challenge": { versions: ["v1"] },
  "custom-token-exchange": { versions: ["v1"], entityBound: true },
  "event-stream": { versions: ["v1"], entityBound: true },
  "password-hash-migration": { versions: ["v1"], entityBound: true },
  "login-post-identifier": { versions: ["v1"] },
  "signup-post-identifier": { versions: ["v1"] },
  "post-credential-validation": { versions: ["v1"] },
} as const satisfies Record<string, TriggerFacts>;

/** A trigger id the tenant knows. */
export type ActionTriggerId = keyof typeof ACTION_TRIGGERS;

/** The trigger ids, in the published order. */
export const ACTION_TRIGGER_IDS = Object.keys(ACTION_TRIGGERS) as ActionTriggerId[];

/** Whether `id` is a trigger the tenant knows. */
export const isKnownTrigger = (id: unknown): id is ActionTriggerId =>
  typeof id === "string" && Object.hasOwn(ACTION_TRIGGERS, id);

/** Whether trigger `id`'s actions are bound to another object, not through the trigger's bindings. */
export const isEntityBound = (id: ActionTriggerId): boolean =>
  (ACTION_TRIGGERS[id] as TriggerFacts).entityBound === true;

/** The current version of trigger `id` (what an action naming no version gets). */
export function currentTriggerVersion(id: ActionTriggerId): string {
  const { versions } = ACTION_TRIGGERS[id];
  return versions[versions.length - 1];
}
