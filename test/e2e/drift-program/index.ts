/**
 * The drift end-to-end test's program: a form, an EventBridge event stream whose
 * `status` is left at its default, a post-login action, and optionally a form that adopts an
 * existing one (config `adoptFormId`). Config `programError` makes the program fail with that text.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();
const programError = cfg.get("programError");
if (programError) throw new Error(programError);

/** A one-step form named `name` (adopting `adoptId` when given). */
const form = (resourceName: string, name: string, adoptId?: string) =>
  new tenant.Form(resourceName, {
    name,
    start: { next_node: "step_1" },
    nodes: [
      {
        id: "step_1",
        type: "STEP",
        config: {
          components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }],
          next_node: "$ending",
        },
      },
    ],
    adoptId,
  });

const signup = form("signup", "Sign-up");

const audit = new tenant.EventStream("audit", {
  name: "audit",
  subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
  destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
});

/** Deployed by every `up`: code edited by hand in the tenant (and left undeployed) is drift. */
const greet = new tenant.Action("greet", {
  name: "greet-on-login",
  supported_triggers: [{ id: "post-login" }],
  code: 'exports.onExecutePostLogin = async (event, api) => { api.user.setUserMetadata("greeted", true); };\n',
});

const adoptFormId = cfg.get("adoptFormId");
const legacy = adoptFormId ? form("legacy", "Legacy", adoptFormId) : undefined;

export const signupId = signup.id;
export const auditId = audit.id;
export const greetId = greet.id;
export const legacyId = legacy ? legacy.id : undefined;
