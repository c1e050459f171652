/** Flows run by the local tenant: when a form's FLOW node or its ending hands them the form's data. */
export { FLOW_FAILED_MESSAGE, MASK, MAX_FLOW_ACTIONS, masked, runFlow } from "./runner";
export type { FlowCall, FlowNetwork, FlowRunContext, FlowRunResult, RunnableFlow } from "./runner";
export { INTEGRATION_ORIGIN, httpRequestOf, integrationRequestOf, responseOutput, tokenRequestOf } from "./http";
export type { IncomingResponse, OutgoingRequest, VaultConnection } from "./http";
export { LOCAL_ACTIONS, NOT_RUN_LOCALLY } from "./local";
export { resolveTemplates, resolveText, valueAt, type TemplateScope } from "./templates";
