/**
 * The registration of every resource: its kind (the name stored providers pass to the
 * runtime) and its implementation. Type names live in `tokens.ts` (part of every URN:
 * never rename them). Adding a resource adds one line here and one there.
 */
import { eventStreamImplementation } from "./event-stream/provider";
import { formImplementation } from "./form/provider";
import { loginTemplateImplementation } from "./login-template/provider";
import { rateLimitPolicyImplementation } from "./rate-limit-policy/provider";
import type { ResourceKind } from "../lifecycle/tokens";
import type { ResourceImplementation } from "../lifecycle/types";

export { TYPE_MODULE, TYPE_NAMES, type ResourceKind } from "../lifecycle/tokens";

/** The implementation of each kind. */
export const IMPLEMENTATIONS: Record<ResourceKind, ResourceImplementation> = {
  form: formImplementation,
  eventStream: eventStreamImplementation,
  loginTemplate: loginTemplateImplementation,
  rateLimitPolicy: rateLimitPolicyImplementation,
};
