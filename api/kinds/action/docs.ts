/**
 * What each field of an action means (the table's `fieldDocs` of actions): see form-docs.ts
 * for how paths are matched. Texts from the published management API and the Terraform
 * provider's `auth0_action`.
 */
export const ACTION_FIELD_DOCS: Readonly<Record<string, string>> = {
  id: "The action's id (a UUID), made by the tenant.",
  name: "The action's name, 1 to 255 characters. Bindings and Auth0's deploy CLI may name an action by it.",
  supported_triggers:
    "The trigger the action runs at: exactly one, its `id` (`post-login`, `pre-user-registration`, …) and `version` (the trigger's current version when left out).",
  "supported_triggers.id": "The trigger's id (`post-login`, `credentials-exchange`, `event-stream`, …).",
  "supported_triggers.version": "The trigger's version (`v3` for `post-login`); the current one when left out.",
  code: "The action's source: a Node.js module exporting the trigger's handler (`exports.onExecutePostLogin = async (event, api) => { … }`). A form id it renders is best handed as a secret (`secrets: [{ name: \"FORM_ID\", value: form.id }]`, read as `event.secrets.FORM_ID`): the code stays a literal the policy pack judges at every preview.",
  runtime: "The Node.js runtime: `node22` (the default), `node18`, …",
  dependencies: "npm modules the code requires, each by `name` and `version`.",
  "dependencies.name": "The npm module's name.",
  "dependencies.version": "The npm module's version.",
  secrets:
    "Values the code reads as `event.secrets.<name>`. Names are read back (one added or removed outside Pulumi is drift); values are write-only: the tenant never returns them, Pulumi stores them encrypted, and a changed value is an update.",
  "secrets.name": "The secret's name, as the code reads it (`event.secrets.<name>`).",
  "secrets.value": "The secret's value: write-only in the API, a secret in the state.",
  deploy:
    "Deploy the action after every create and update (the default, true): the write ends with the code built and deployed, so what the program says is what runs. False keeps a draft that runs nowhere.",
  status:
    "The build's status of the current draft: `pending` and `building` while the tenant builds it, then `built`, or `failed` when a dependency cannot be installed (the tenant does not parse the code: code with a syntax error builds, and fails at run time).",
  modules:
    "Action modules (shared code published in the tenant) the action uses, each by `module_id` and `module_version_id`.",
  all_changes_deployed: "Whether the draft is what is deployed (false after a change not yet deployed).",
  deployed_version:
    "The version that runs at the trigger: its `id`, `number`, content and build `status`; a deploy goes live a moment after the tenant answers it.",
  current_version:
    "The version that runs at the trigger, in short: its `id`, `number`, `status` (`BUILT`) and `build_time`.",
  "modules.module_id": "The action module's id.",
  "modules.module_name": "The action module's name.",
  "modules.module_version_id": "The id of the module's version the action uses.",
  "modules.module_version_number": "The number of the module's version the action uses.",
  "current_version.number": "The current version's number.",
  "current_version.build_time": "When the current version was built (ISO-8601).",
  "deployed_version.deployed":
    "Whether this version is the one live at the trigger (false for a moment after a deploy).",
  "deployed_version.built_at": "When this version was built (ISO-8601).",
  "deployed_version.number": "The version's number: 1 for the first deploy, one more for each deploy after it.",
  "deployed_version.id": "The version's id (a UUID).",
  created_at: "When the action was created (ISO-8601).",
  updated_at: "When the action was last updated (ISO-8601).",
};

/** The inputs of the action example of the package schema ("Example Usage"), in the API's names. */
export const ACTION_EXAMPLE: Readonly<Record<string, unknown>> = {
  name: "render-terms-form",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  runtime: "node22",
  code: "exports.onExecutePostLogin = async (event, api) => {\n  api.prompt.render('ap_6ukUwWY9onUDv1CSKo6Vvw');\n};\n",
};
