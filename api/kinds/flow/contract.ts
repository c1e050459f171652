/**
 * Flows (`/api/v2/flows`): a name and the actions run in order when a form's FLOW node or
 * its `ending.after_submit` hands data over. The actions are the published ones
 * (actions.ts). The list answers summaries (id, name, timestamps), without `actions`,
 * as the service's does; a GET answers the whole flow.
 */
import type { IdFormat } from "../../ids";
import { exactIdRule, oneByIdOrName, type KindDeclaration } from "../../table/kind-spec";
import { array, nullable, object, string, type Static } from "../../schema/builder";
import { collectionScopes } from "../../scopes";
import { compileValidator, type ValidationIssue, type Validator } from "../../validate";
import { flowActionSchema } from "./actions";

export { FLOW_ACTION_TYPES, flowActionSchema, type FlowAction } from "./actions";

/** The id the service makes for a flow. */
const FLOW_ID_FORMAT = { prefix: "af_", length: 22 } as const satisfies IdFormat;

/** Flow name length bounds. */
export const FLOW_NAME_MIN = 1;
export const FLOW_NAME_MAX = 150;

const name = () =>
  string({ minLength: FLOW_NAME_MIN, maxLength: FLOW_NAME_MAX, description: "The flow's name (1 to 150 characters)." });
const actions = () =>
  array(flowActionSchema, {
    description:
      "The actions the flow runs, in order; an action reads earlier ones' output as `{{actions.<id>}}` and a form's fields as `{{fields.<id>}}`.",
  });
const flowId = () => string({ format: "flow-id", description: "The flow's id (`af_` and 22 base58 characters)." });
const timestamps = {
  created_at: string({ format: "date-time", description: "When the flow was made." }),
  updated_at: string({ format: "date-time", description: "When the flow last changed." }),
  executed_at: string({ format: "date-time", description: "When the flow last ran." }),
};

/** Body of `POST /flows`. */
export const flowCreateSchema = object({ name: name(), actions: actions() }, { required: ["name"] });

/** Body of `PATCH /flows/{id}`: `actions: null` clears the actions. */
export const flowUpdateSchema = object({ name: name(), actions: nullable(actions()) });

/** A flow as GET answers it. */
export const flowSchema = object(
  {
    id: flowId(),
    name: name(),
    actions: actions(),
    ...timestamps,
  },
  { required: ["id", "name", "created_at", "updated_at"] },
);

/** A flow as the list answers it: no `actions`. */
export const flowSummarySchema = object(
  { id: flowId(), name: name(), ...timestamps },
  { required: ["id", "name", "created_at", "updated_at"] },
);

/** The fields a caller sets on a flow (body of `POST /flows`). */
export type FlowFields = Static<typeof flowCreateSchema>;
/** A flow as the API returns it. */
export type Flow = Static<typeof flowSchema>;

let checkAction: Validator | undefined;

/**
 * The flow's own rule on top of its schema: the actions in a BOOLEAN_CONDITION's `then`
 * and `else` (any depth) are actions too, checked with the same schema (a schema cannot
 * refer to itself here), each failure named by its full path.
 */
export function nestedFlowActionIssue(body: unknown): ValidationIssue | undefined {
  const list = (body as { actions?: unknown } | null)?.actions;
  return Array.isArray(list) ? nestedIssue(list, "actions", 0) : undefined;
}

/** Nested BOOLEAN_CONDITIONs deeper than this are refused (a body is at most 64 levels deep anyway). */
const MAX_NESTING = 16;

function nestedIssue(list: readonly unknown[], at: string, depth: number): ValidationIssue | undefined {
  for (const [index, item] of list.entries()) {
    const here = `${at}[${index}]`;
    if (depth > 0) {
      checkAction ??= compileValidator(flowActionSchema);
      const issue = checkAction(item);
      if (issue) return { property: issue.property ? `${here}.${issue.property}` : here, message: issue.message };
    }
    const { type, action, params } = (item ?? {}) as { type?: unknown; action?: unknown; params?: unknown };
    if (type !== "FLOW" || action !== "BOOLEAN_CONDITION" || typeof params !== "object" || params === null) continue;
    if (depth >= MAX_NESTING) return { property: here, message: `Conditions nest at most ${MAX_NESTING} deep` };
    for (const branch of ["then", "else"] as const) {
      const inner = (params as Record<string, unknown>)[branch];
      const issue = Array.isArray(inner) ? nestedIssue(inner, `${here}.params.${branch}`, depth + 1) : undefined;
      if (issue) return issue;
    }
  }
  return undefined;
}

/** The flows' entry in the table of kinds. */
export const flowKind = {
  typeName: "Flow",
  label: "flow",
  plural: "flows",
  description:
    "A flow of the tenant: the actions it runs when a form hands data over (a form's FLOW node or `after_submit`).",
  path: "/flows",
  shape: "collection",
  id: exactIdRule(FLOW_ID_FORMAT),
  createSchema: flowCreateSchema,
  updateSchema: flowUpdateSchema,
  responseSchema: flowSchema,
  summarySchema: flowSummarySchema,
  scopes: collectionScopes("flows"),
  paging: { style: "offset", listKey: "flows", maxPageSize: 100 },
  notFoundCode: "inexistent_flow",
  lookups: [oneByIdOrName("getFlow", "flow", FLOW_ID_FORMAT.prefix, { name: "enrich-profile" })],
  // The nested actions of a BOOLEAN_CONDITION checked as actions; `hydrate` takes the published values
  // (accepted, nothing is added: this tenant keeps no link from flows to forms).
  rules: { check: nestedFlowActionIssue, hydrate: { list: ["form_count"], get: ["form_count", "forms"] } },
  example: {
    name: "enrich-profile",
    actions: [
      {
        id: "notify",
        type: "HTTP",
        action: "SEND_REQUEST",
        params: { url: "https://example.com/hooks/signup", method: "POST", payload: { email: "{{fields.email}}" } },
      },
    ],
  },
} as const satisfies KindDeclaration;
