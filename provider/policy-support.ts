/**
 * What the policy pack (`pulumi-tenant-policy`) reads of this package, as one public entry
 * (`pulumi-tenant/policy-support`): the kinds' facts it judges resources by, the type names of
 * both doors, and the shared state backend's index of stacks. A pack of your own may use it
 * too; nothing else of the package's files is a public path.
 */
export { EVENT_TYPES, WEBHOOK_SECRET_FIELD } from "../api/kinds/event-stream/contract";
export { formNodeIds, formNodeReferences } from "../api/kinds/form/node-references";
export { kindSpec, singletonIdIn } from "../api";
export { kindOfTypeName, renameResource } from "./schema/names";
export { parseBackendList, SIBLING_BACKENDS_ENV, stackIndex, StackIndex } from "./backend/stacks";
export { isObject } from "../api/json";
