/**
 * The flows a form runs on the tenant server: the `flow` kind's record run by server/flows with
 * the rehearsal's fixtures answering its outside calls and the tenant's vault connections giving
 * the credentials; each run traced, and a failure logged naming the flow and the action.
 */
import type { FastifyRequest } from "fastify";
import type { KindObject } from "../../../api";
import { runFlow, type FlowRunResult, type VaultConnection } from "../../flows";
import { recordsOf } from "../../routes/relations";
import { FixtureNetwork } from "../../sandbox/network";
import { rehearsalOf } from "../../rehearsal";
import type { LoginServices } from "../services";

/** The kinds a flow run reads. */
const FLOW_KIND = "flow";
const CONNECTION_KIND = "flowVaultConnection";

/** A vault connection record as the runner reads it. */
function connectionOf(record: KindObject | undefined): VaultConnection | undefined {
  if (!record) return undefined;
  const setup = record.setup;
  return {
    id: String(record.id),
    name: String(record.name),
    app_id: String(record.app_id),
    ...(typeof setup === "object" && setup !== null && !Array.isArray(setup)
      ? { setup: setup as Record<string, unknown> }
      : {}),
  };
}

/** Runs flow `flowId` with the form's `fields` and `vars`; traced, and logged when it fails. */
export function runFormFlow(
  request: FastifyRequest,
  services: LoginServices,
  formId: string,
  flowId: string,
  scope: { fields: Record<string, unknown>; vars: Record<string, unknown> },
): FlowRunResult {
  const flow = recordsOf(services.context, FLOW_KIND).objects.get(flowId);
  const rehearsal = rehearsalOf(services.context);
  const network = new FixtureNetwork(rehearsal.fixtures);
  const result: FlowRunResult = flow
    ? runFlow(
        { id: flowId, name: String(flow.name), actions: Array.isArray(flow.actions) ? flow.actions : [] },
        {
          ...scope,
          network: {
            send: (sent) => {
              const answer = network.answer(sent.method, sent.url, sent.body);
              return { status: answer.status, headers: answer.headers, body: answer.body };
            },
          },
          connection: (id) => connectionOf(recordsOf(services.context, CONNECTION_KIND).objects.get(id)),
        },
      )
    : {
        outcome: "error",
        vars: { ...scope.vars },
        actions: {},
        calls: [],
        error: `The flow "${flowId}" does not exist: create it, or fix the form's FLOW node.`,
        message: "This form cannot go on: it runs a flow the tenant does not have.",
      };
  const name = flow ? String(flow.name) : flowId;
  rehearsal.trace.add({
    type: "flow",
    flow_id: flowId,
    name,
    outcome: result.outcome,
    ...(result.failedAction !== undefined ? { failed_action: result.failedAction } : {}),
    ...(result.error !== undefined ? { error: result.error } : {}),
    calls: result.calls,
  });
  if (result.outcome === "error") {
    request.log.error(
      { form_id: formId, flow_id: flowId, flow: name, failed_action: result.failedAction, error: result.error },
      `The flow "${name}" (${flowId}) of form ${formId} failed` +
        (result.failedAction !== undefined ? ` at its action "${result.failedAction}"` : "") +
        `: ${result.error}`,
    );
  }
  return result;
}
