/**
 * Actions (`/api/v2/actions/actions`): code the tenant runs at a trigger (`post-login`, …),
 * in the published shapes (the `auth0` SDK's `CreateActionRequestContent`,
 * `GetActionResponseContent`). An action's ids are UUIDs. Its secrets' values are
 * write-only: the API answers their names and `updated_at`, never a value.
 *
 * An action runs only once deployed: `deploy` (the create's own field, and the provider's
 * input after an update too, as the Terraform provider's) makes every write end with the
 * draft built and deployed (provider.ts `deployAction`); `deploy: false` keeps a draft. The
 * service builds and deploys in the background: a write answers `status: "pending"`, a deploy
 * `deployed: false`, and the action's `deployed_version` changes once the version is live.
 */
import { UUID_ID_FORMAT } from "../../ids";
import { exactIdRule, oneByIdOrName, type KindDeclaration } from "../../table/kind-spec";
import { collectionScopes } from "../../scopes";
import {
  actionCreatePayload,
  actionInputsFromOutputs,
  actionOutputs,
  actionReplaces,
  actionWarnings,
  comparableActions,
  deployAction,
  normaliseAction,
} from "./provider";
import { ACTION_EXAMPLE, ACTION_FIELD_DOCS } from "./docs";
import {
  actionCreateSchema,
  actionSchema,
  actionUpdateSchema,
  actionTriggerSchema,
  actionDependencySchema,
  actionSecretSchema,
  actionSecretStateSchema,
  actionDeployedVersionSchema,
  actionCurrentVersionSchema,
  actionModuleReferenceSchema,
  ACTIONS_PATH,
} from "./schemas";

export * from "./triggers";

export * from "./schemas";

/** The actions' entry in the table of kinds. */
export const actionKind = {
  typeName: "Action",
  label: "action",
  plural: "actions",
  description:
    "An action of the tenant: code it runs at a trigger (a post-login action that renders a form), built and " +
    "deployed by every write unless `deploy` is false.",
  path: ACTIONS_PATH,
  shape: "collection",
  // Action ids are UUIDs, not the prefixed base58 ids of the other kinds.
  id: exactIdRule(UUID_ID_FORMAT),
  createSchema: actionCreateSchema,
  updateSchema: actionUpdateSchema,
  responseSchema: actionSchema,
  scopes: collectionScopes("actions"),
  // `?page=&per_page=` → the service's page bodies (api/table/tenant-paging.ts), whatever `include_totals` says.
  paging: { style: "offset", listKey: "actions", maxPageSize: 100, answers: "page" },
  notFoundCode: "inexistent_action",
  lookups: [oneByIdOrName("getAction", "action", "", { name: "render-terms-form" })],
  outputFields: ["created_at", "updated_at", "status", "all_changes_deployed"],
  namedTypes: [
    [actionTriggerSchema, "ActionTrigger"],
    [actionDependencySchema, "ActionDependency"],
    [actionSecretSchema, "ActionSecret"],
    [actionSecretStateSchema, "ActionSecretState"],
    [actionDeployedVersionSchema, "ActionDeployedVersion"],
    [actionCurrentVersionSchema, "ActionCurrentVersion"],
    [actionModuleReferenceSchema, "ActionModuleReference"],
  ],
  fieldDocs: ACTION_FIELD_DOCS,
  example: ACTION_EXAMPLE,
  provider: {
    naming: { suffix: "Action" },
    lifecycle: {
      normalise: normaliseAction,
      comparable: comparableActions,
      outputs: actionOutputs,
      inputsFromOutputs: actionInputsFromOutputs,
      replaces: actionReplaces,
      createPayload: actionCreatePayload,
      afterWrite: (action, inputs, tenant, write) => deployAction(action, inputs, tenant, write),
    },
    warnings: actionWarnings,
    generate: {
      comment: (action) =>
        `${((action.supported_triggers ?? []) as { id: string }[]).map((trigger) => trigger.id).join(", ")} trigger`,
    },
  },
} as const satisfies KindDeclaration;
