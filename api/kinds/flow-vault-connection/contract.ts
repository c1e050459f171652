/**
 * Flow vault connections (`/api/v2/flows/vault/connections`): the credentials a flow's
 * actions use (`params.connection_id`), one app each (`app_id`, fixed at creation: the
 * update takes only `name` and `setup`). The `setup` is write-only: sealed at rest, never
 * answered, redacted in the log; the answer says instead whether it is set (`ready`) and
 * which one it is (`fingerprint`, which changes when the credentials do), with
 * `refreshed_at`, and the `account_name` and `environment` the service may learn from the
 * app (this tenant has none to learn them from, so it leaves them out).
 */
import type { IdFormat } from "../../ids";
import { exactIdRule, oneByIdOrName, type KindDeclaration, type KindRules } from "../../table/kind-spec";
import type { KindObject } from "../../table/provider-hooks";
import { boolean, enumOf, object, string, type JsonSchema, type Schema, type Static } from "../../schema/builder";
import { collectionScopes } from "../../scopes";
import { compileValidator, type ValidationIssue, type Validator } from "../../validate";
import {
  anySetupSchema,
  FLOW_VAULT_CONNECTION_APPS,
  FLOW_VAULT_CONNECTION_SETUPS,
  SETUP_TYPE_EXPORTS,
  setupSchemaOf,
  setupTypeName,
  type FlowVaultConnectionApp,
  type FlowVaultConnectionSetup,
} from "./setups";

export {
  FLOW_VAULT_CONNECTION_APPS,
  FLOW_VAULT_CONNECTION_SETUPS,
  type FlowVaultConnectionApp,
  type FlowVaultConnectionSetup,
} from "./setups";

/** The id the service makes for a flow vault connection. */
const FLOW_VAULT_CONNECTION_ID_FORMAT = { prefix: "ac_", length: 22 } as const satisfies IdFormat;

/**
 * Name length bounds. The SDK states none; 150 is the limit of the service's other flow
 * and form names (a longer one is refused here and may be accepted there).
 */
export const FLOW_VAULT_CONNECTION_NAME_MAX = 150;

const name = () =>
  string({ minLength: 1, maxLength: FLOW_VAULT_CONNECTION_NAME_MAX, description: "The connection's name." });
const appDescription =
  "The app whose credentials the connection holds (`HTTP`, `SLACK`, …). Fixed at creation: a change replaces the connection.";

/**
 * Body of `POST /flows/vault/connections`: `name`, `app_id` (one of the 21 apps) and,
 * optionally, its `setup` (without one the connection is not `ready`). One flat object, so
 * a program's resource has one shape; that the `setup` is one the app takes is the
 * connection's own rule ({@link connectionSetupIssue}).
 */
export const flowVaultConnectionCreateSchema = {
  ...object(
    {
      name: name(),
      app_id: enumOf(FLOW_VAULT_CONNECTION_APPS, { description: appDescription, replaceOnChange: true }),
      setup: anySetupSchema,
    },
    { required: ["name", "app_id"] },
  ),
  // The setup judged against its own app's setups: ajv reads `allOf` before `properties`, so a
  // setup that fits none is told what the app's setup of its `type` lacks, not another app's.
  allOf: FLOW_VAULT_CONNECTION_APPS.map((app) => ({
    if: { properties: { app_id: { const: app } }, required: ["app_id"] },
    then: { properties: { setup: setupSchemaOf(app) } },
  })),
} as unknown as Schema<FlowVaultConnectionFields>;

/** Body of `PATCH /flows/vault/connections/{id}`: `name` and `setup` (checked against the connection's app). */
export const flowVaultConnectionUpdateSchema = object({ name: name(), setup: anySetupSchema });

const answered = {
  id: string({
    format: "flow-vault-connection-id",
    description: "The connection's id (`ac_` and 22 base58 characters).",
  }),
  app_id: string({ description: appDescription, replaceOnChange: true }),
  name: name(),
  account_name: string({ description: "The account the credentials belong to, as the app names it." }),
  ready: boolean({ description: "Whether the connection has its credentials (`setup`)." }),
  created_at: string({ format: "date-time", description: "When the connection was made." }),
  updated_at: string({ format: "date-time", description: "When the connection last changed." }),
  refreshed_at: string({ format: "date-time", description: "When its credentials were last set." }),
  fingerprint: string({ description: "Names the credentials set: it changes when `setup` does." }),
};

/** A connection as GET answers it (`setup` never included: it is here for the provider's outputs, which carry it). */
export const flowVaultConnectionSchema = object(
  {
    ...answered,
    environment: string({ description: "The app's environment, where it has several." }),
    setup: anySetupSchema,
  },
  { required: ["id", "app_id", "name", "ready", "created_at", "updated_at", "fingerprint"] },
);

/** A connection as the list answers it. */
export const flowVaultConnectionSummarySchema = object(answered, {
  required: ["id", "app_id", "name", "ready", "created_at", "updated_at", "fingerprint"],
});

/** The fields a caller sets on a connection of app `A`: a `setup` that app takes. */
export interface FlowVaultConnectionFieldsOf<A extends FlowVaultConnectionApp> {
  /** The connection's name. */
  name: string;
  /** The app whose credentials the connection holds. */
  app_id: A;
  /** The credentials, one of the setups of `app_id`. */
  setup?: FlowVaultConnectionSetup<A>;
}

/** The fields a caller sets on a connection (body of `POST /flows/vault/connections`): told apart by `app_id`. */
export type FlowVaultConnectionFields = {
  [A in FlowVaultConnectionApp]: FlowVaultConnectionFieldsOf<A>;
}[FlowVaultConnectionApp];
/** A connection as the API returns it. */
export type FlowVaultConnection = Static<typeof flowVaultConnectionSchema>;

const setupValidators = new Map<string, Validator>();

/** The connection's own rule on top of the create schema: its `setup` is one its `app_id` takes. */
export function connectionSetupIssue(body: unknown): ValidationIssue | undefined {
  const { app_id: appId, setup } = (body ?? {}) as { app_id?: unknown; setup?: unknown };
  return typeof appId === "string" && setup !== undefined && setup !== null
    ? setupIssueForApp(appId, setup)
    : undefined;
}

/**
 * The connection's own rule on top of the update schema: a new `setup` must be one its
 * app (`app_id`, fixed) takes. Undefined when it is, or when the app is not one this
 * contract knows (the schema judges those).
 */
export function setupIssueForApp(appId: string, setup: unknown): ValidationIssue | undefined {
  // An unknown app, or a setup that is not an object: the schema says what is wrong.
  if (!(FLOW_VAULT_CONNECTION_APPS as readonly string[]).includes(appId)) return undefined;
  if (typeof setup !== "object" || setup === null || Array.isArray(setup)) return undefined;
  const types = FLOW_VAULT_CONNECTION_SETUPS[appId as FlowVaultConnectionApp].map(
    (shape) => (shape as unknown as { properties: { type: { const: string } } }).properties.type.const,
  );
  const type = (setup as { type?: unknown } | null)?.type;
  if (typeof type === "string" && !types.includes(type)) {
    return { property: "setup.type", message: `Must be one of: ${types.join(", ")} (the setups of ${appId})` };
  }
  let validator = setupValidators.get(appId);
  if (!validator) {
    validator = compileValidator(setupSchemaOf(appId as FlowVaultConnectionApp));
    setupValidators.set(appId, validator);
  }
  const issue = validator(setup);
  if (!issue) return undefined;
  return { property: issue.property ? `setup.${issue.property}` : "setup", message: `${issue.message} (for ${appId})` };
}

/** The `setup` of a body, when it has one (undefined otherwise: the schema judges the rest). */
function setupOf(body: unknown): unknown {
  const setup = typeof body === "object" && body !== null ? (body as { setup?: unknown }).setup : undefined;
  return setup === null ? undefined : setup;
}

/**
 * The vault connections' rule both sides apply: a new `setup`, on create or update, must be one
 * the connection's app (fixed at creation) takes. What the tenant stores is tenant.ts's.
 */
export const FLOW_VAULT_CONNECTION_RULES: KindRules = {
  // The setup against the connection's app: on create the body's `app_id`, on update the stored one.
  check: (body, existing) =>
    existing ? setupIssueForApp(String(existing.app_id), setupOf(body)) : connectionSetupIssue(body),
};

/**
 * How `generate` words a connection's `setup`: write-only, so which of its app's setups is in
 * use cannot be read; the placeholder offers that app's setups only (their fields, its type).
 */
function setupWords(
  connection: KindObject,
): { name: string; description: string; schema: JsonSchema; typeName: string } | undefined {
  const app = String(connection.app_id);
  if (!(FLOW_VAULT_CONNECTION_APPS as readonly string[]).includes(app)) return undefined;
  const types = FLOW_VAULT_CONNECTION_SETUPS[app as FlowVaultConnectionApp].map(
    (shape) => (shape as unknown as { properties: { type: { const: string } } }).properties.type.const,
  );
  const choice =
    types.length === 1
      ? `a ${types[0]} setup`
      : `one of the ${app} setups (${types.join(", ")}; the API never says which is in use)`;
  return {
    name: "setup",
    description: `\`setup\` of flow vault connection "${String(connection.name ?? connection.id)}" (${connection.id}): ${choice}; the API never returns it`,
    schema: setupSchemaOf(app as FlowVaultConnectionApp),
    typeName: setupTypeName(app),
  };
}

/** The flow vault connections' entry in the table of kinds. */
export const flowVaultConnectionKind = {
  typeName: "FlowVaultConnection",
  label: "flow vault connection",
  plural: "flow vault connections",
  description:
    "A flow vault connection of the tenant: the credentials (`setup`, write-only) of one app that flow actions use.",
  path: "/flows/vault/connections",
  shape: "collection",
  id: exactIdRule(FLOW_VAULT_CONNECTION_ID_FORMAT),
  createSchema: flowVaultConnectionCreateSchema,
  updateSchema: flowVaultConnectionUpdateSchema,
  responseSchema: flowVaultConnectionSchema,
  summarySchema: flowVaultConnectionSummarySchema,
  scopes: collectionScopes("flows_vault_connections"),
  paging: { style: "offset", listKey: "connections", maxPageSize: 100 },
  notFoundCode: "inexistent_flows_vault_connection",
  lookups: [
    oneByIdOrName("getFlowVaultConnection", "flow vault connection", FLOW_VAULT_CONNECTION_ID_FORMAT.prefix, {
      name: "crm-api",
    }),
  ],
  example: { name: "crm-api", app_id: "HTTP", setup: { type: "BEARER", token: "<secret>" } },
  rules: FLOW_VAULT_CONNECTION_RULES,
  provider: { generate: { secretWords: setupWords } },
  typeExports: SETUP_TYPE_EXPORTS,
} as const satisfies KindDeclaration;
