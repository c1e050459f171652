/**
 * Where a form goes: from its start or a step, through ROUTER nodes and FLOW nodes (each flow
 * run, its variables kept for what follows) to the next STEP, back to the previous one, or to
 * the ending (its `after_submit` flow run first). A flow that fails keeps the person on the step
 * they were on, with the flow's message.
 */
import type { FastifyRequest } from "fastify";
import {
  FORM_ACTION_FIELD,
  FORM_START,
  RESEND_ACTION_PREFIX,
  nextNode,
  type FormDestination,
  type FormEnding,
  type RenderableForm,
} from "../../../render/form";
import type { FormProgress, PromptRequest } from "../login-state";
import type { LoginServices } from "../services";
import { runFormFlow } from "./flows";

/** Nodes passed through at most between two steps (routers and flows). */
export const MAX_HOPS = 50;
/** The form's data (fields and hidden fields) kept per login at most, in characters of JSON: the service's 24 KB. */
export const MAX_FORM_DATA = 24 * 1024;

/** Where the person lands: a step to show, the ending, or a failed flow's message (on the step they were on). */
export type Landing = { step: string } | { ending: FormEnding } | { failed: string };

/** The ids of the FIELD components of step `stepId` (or of every step), in order. */
export function fieldIds(form: RenderableForm, stepId?: string): string[] {
  return (form.nodes ?? [])
    .filter((node) => node.type === "STEP" && (stepId === undefined || node.id === stepId))
    .flatMap((node) => (node.type === "STEP" ? (node.config?.components ?? []) : []))
    .filter((component) => component.category === "FIELD")
    .map((component) => component.id);
}

/**
 * The data a form starts with: its hidden fields with their values, then the `fields` that
 * `api.prompt.render` gave for the form's hidden fields and fields (as on the service, a value
 * for an id the form does not have is not kept).
 */
export function startingFields(form: RenderableForm, prompt: PromptRequest): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const hidden = form.start?.hidden_fields ?? [];
  for (const entry of hidden) fields[entry.key] = entry.value ?? "";
  const known = new Set([...Object.keys(fields), ...fieldIds(form)]);
  for (const [key, value] of Object.entries(prompt.fields)) if (known.has(key)) fields[key] = value;
  return fields;
}

/** A new progress at the form's start (no step shown yet). */
export function newProgress(form: RenderableForm, prompt: PromptRequest): FormProgress {
  return { step: "", history: [], fields: startingFields(form, prompt), vars: { ...prompt.vars } };
}

/**
 * Follows `destination` (from the step shown, or the start when none is) until a step or the
 * ending, running the flows met; `progress` is updated (the step, the history, the variables).
 * Throws what the form's configuration gets wrong (a missing node, a router loop, a bad condition).
 */
export function advance(
  request: FastifyRequest,
  services: LoginServices,
  formId: string,
  form: RenderableForm,
  progress: FormProgress,
  destination: FormDestination,
): Landing {
  let next = destination;
  const runFlow = (flowId: string) => {
    const result = runFormFlow(request, services, formId, flowId, { fields: progress.fields, vars: progress.vars });
    progress.vars = result.vars;
    return result;
  };
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    if ("previous" in next) {
      progress.step = progress.history.pop() ?? progress.step;
      return { step: progress.step };
    }
    if ("step" in next) {
      if (progress.step && progress.step !== next.step) progress.history.push(progress.step);
      progress.step = next.step;
      return { step: next.step };
    }
    if ("flow" in next) {
      const result = runFlow(next.flow);
      if (result.outcome === "error") return { failed: result.message ?? "" };
      next = nextNode(form, next.node, progress.fields, progress.vars);
      continue;
    }
    const afterSubmit = next.ending.after_submit?.flow_id;
    if (afterSubmit) {
      const result = runFlow(afterSubmit);
      if (result.outcome === "error") return { failed: result.message ?? "" };
    }
    return { ending: next.ending };
  }
  throw new Error(`The form passes more than ${MAX_HOPS} nodes without showing a step: check its routers and flows.`);
}

/** Where the form goes first. */
export const startDestination = (form: RenderableForm, progress: FormProgress): FormDestination =>
  nextNode(form, FORM_START, progress.fields, progress.vars);

/** The nodes the JUMP_BUTTONs of step `stepId` lead to. */
export function jumpTargets(form: RenderableForm, stepId: string): string[] {
  const node = (form.nodes ?? []).find((candidate) => candidate.id === stepId);
  if (node?.type !== "STEP") return [];
  return (node.config?.components ?? [])
    .filter((component) => component.type === "JUMP_BUTTON")
    .map((component) => String((component.config as { next_node?: unknown } | undefined)?.next_node));
}

/** Where the button pressed on the step shown leads (a resend stays on the step). */
export function nextStep(form: RenderableForm, progress: FormProgress, action: string): FormDestination {
  if (action.startsWith(RESEND_ACTION_PREFIX)) return { step: progress.step };
  return nextNode(form, progress.step, { ...progress.fields, [FORM_ACTION_FIELD]: action }, progress.vars);
}

/** The flow of the RESEND_BUTTON `componentId` of step `stepId`; undefined when the step has no such button. */
export function buttonFlow(form: RenderableForm, stepId: string, componentId: string): string | undefined {
  const node = (form.nodes ?? []).find((candidate) => candidate.id === stepId);
  if (node?.type !== "STEP") return undefined;
  const button = (node.config?.components ?? []).find(
    (component) => component.type === "RESEND_BUTTON" && component.id === componentId,
  );
  const flowId = (button?.config as { flow_id?: unknown } | undefined)?.flow_id;
  return typeof flowId === "string" ? flowId : undefined;
}
