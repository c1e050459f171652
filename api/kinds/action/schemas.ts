/**
 * The actions' schemas, in the published shapes (the `auth0` SDK's `CreateActionRequestContent`,
 * `GetActionResponseContent`): what the entry (contract.ts) declares and the provider's rules
 * (provider.ts) read the input fields of.
 */
import { array, boolean, enumOf, integer, object, string, type Static } from "../../schema/builder";
import { ACTION_RUNTIMES, ACTION_TRIGGER_IDS } from "./triggers";

/** Path of the actions under `/api/v2`. */
export const ACTIONS_PATH = "/actions/actions";

/** An action's name: 1 to 255 characters. */
const actionName = () => string({ minLength: 1, maxLength: 255 });

/** A trigger an action supports: its id and version (the trigger's current version when left out). */
export const actionTriggerSchema = object(
  {
    /** A trigger id (`post-login`, …): the tenant refuses one it does not know. */
    id: string<(typeof ACTION_TRIGGER_IDS)[number] | (string & {})>({ pattern: "^[a-z][a-z0-9-]*$", maxLength: 64 }),
    /** `v1`, `v2`, …: the tenant refuses one the trigger does not have. */
    version: string({ pattern: "^v[0-9]+$", maxLength: 16 }),
  },
  { required: ["id"] },
);

/** An npm module the action requires, at a version. */
export const actionDependencySchema = object(
  { name: string({ minLength: 1, maxLength: 214 }), version: string({ minLength: 1, maxLength: 256 }) },
  { required: ["name", "version"] },
);

/** An action module the action uses, at a version (the service's `ActionModuleReference`). */
export const actionModuleReferenceSchema = object({
  module_id: string({ minLength: 1, maxLength: 64 }),
  module_name: string({ maxLength: 255 }),
  module_version_id: string({ maxLength: 64 }),
  module_version_number: integer({ minimum: 1 }),
});

/** A secret the code reads as `event.secrets.<name>`: its value is write-only. */
export const actionSecretSchema = object(
  {
    name: string({ minLength: 1, maxLength: 128, pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }),
    /** Secret, write-only: never returned by the API (its name and `updated_at` are). */
    value: string({ secret: true, writeOnly: true }),
  },
  { required: ["name"] },
);

const actionFields = () => ({
  /** Unique in the tenant in practice: bindings and Auth0's deploy CLI may name an action by it. */
  name: actionName(),
  /** Exactly one trigger (the service's rule at this time). */
  supported_triggers: array(actionTriggerSchema, { minItems: 1, maxItems: 1 }),
  /** May name forms by id (`api.prompt.render(<form id>)`): `generate` writes them as the forms' ids. */
  code: string({ maxLength: 100_000, embeds: "form" }),
  runtime: enumOf(ACTION_RUNTIMES),
  dependencies: array(actionDependencySchema),
  secrets: array(actionSecretSchema),
  /** Action modules (shared code published in the tenant) the action uses, each at a version. */
  modules: array(actionModuleReferenceSchema),
});

/** Body of `POST /actions/actions`. */
export const actionCreateSchema = object(
  {
    ...actionFields(),
    /** Deploy the action once written (default true); false keeps a draft. */
    deploy: boolean(),
  },
  { required: ["name", "supported_triggers"] },
);

/** Body of `PATCH /actions/actions/{id}`: every key optional. */
export const actionUpdateSchema = object(actionFields());

/** What the tenant makes of a build: `pending` … `built`, or `failed` with the errors. */
export const ACTION_BUILD_STATUSES = ["pending", "building", "packaged", "built", "retrying", "failed"] as const;

/**
 * A secret as an action answers it: its name and when it was set, never its value. The value
 * is here for the provider's outputs, which carry it from the program (secret in state).
 */
export const actionSecretStateSchema = object(
  {
    name: string(),
    value: string({ secret: true, writeOnly: true }),
    updated_at: string({ format: "date-time" }),
  },
  { required: ["name"] },
);

/** The version of an action that runs, as the service answers it (`deployed_version`). */
export const actionDeployedVersionSchema = object({
  code: string(),
  dependencies: array(actionDependencySchema),
  id: string(),
  deployed: boolean(),
  number: integer(),
  built_at: string({ format: "date-time" }),
  secrets: array(object({ name: string(), updated_at: string({ format: "date-time" }) })),
  status: enumOf(ACTION_BUILD_STATUSES),
  created_at: string({ format: "date-time" }),
  updated_at: string({ format: "date-time" }),
  runtime: string(),
  supported_triggers: array(actionTriggerSchema),
});

/** The live version in short (`current_version`): the service answers its status in capitals (`BUILT`). */
export const actionCurrentVersionSchema = object({
  id: string(),
  code: string(),
  runtime: string(),
  status: string(),
  number: integer(),
  build_time: string({ format: "date-time" }),
  created_at: string({ format: "date-time" }),
  updated_at: string({ format: "date-time" }),
});

/** An action as the service answers it, in its order (secrets by name, never a value). */
export const actionSchema = object(
  {
    id: string({ format: "action-id" }),
    name: actionName(),
    supported_triggers: array(actionTriggerSchema),
    created_at: string({ format: "date-time" }),
    updated_at: string({ format: "date-time" }),
    code: string(),
    dependencies: array(actionDependencySchema),
    runtime: string(),
    status: enumOf(ACTION_BUILD_STATUSES),
    secrets: array(actionSecretStateSchema),
    modules: array(actionModuleReferenceSchema),
    current_version: actionCurrentVersionSchema,
    deployed_version: actionDeployedVersionSchema,
    all_changes_deployed: boolean(),
  },
  { required: ["id", "name", "supported_triggers", "status", "all_changes_deployed", "created_at", "updated_at"] },
);

/** The create body of an action. */
export type ActionCreate = Static<typeof actionCreateSchema>;
/** An action as the API answers it. */
export type Action = Static<typeof actionSchema>;
/** A trigger an action supports. */
export type ActionTrigger = Static<typeof actionTriggerSchema>;
/** A secret of an action (the value write-only). */
export type ActionSecret = Static<typeof actionSecretSchema>;
