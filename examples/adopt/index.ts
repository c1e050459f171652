/**
 * Adopting objects that already exist in a tenant. The Pulumi engine cannot `import`
 * dynamic resources, so each resource takes `adoptId`: on create, the provider reads that
 * object and updates it to what the code says instead of creating a new one. After the
 * first `pulumi up` the object is managed like any other; `adoptId` can stay or go.
 *
 *   pulumi config set formId ap_...            # the existing form's id (dashboard or API)
 *   pulumi config set eventStreamId est_...    # the existing event stream's id
 *   pulumi config set --secret hookPassword -- ...  # the webhook secret (the API never returns it)
 *
 * `pulumi preview` says what each adoption will change (a warning per adopted object).
 * The login page template is a singleton: a LoginTemplate takes over the tenant's existing
 * (different) template only with `adopt: true`; without it the preview fails and says so.
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();

const legacySignup = new tenant.Form("legacy-signup", {
  adoptId: cfg.require("formId"),
  name: "Legacy sign-up",
  nodes: [{ id: "flow_main", type: "FLOW", config: { flow_id: "af_2Nf7qL3mXcVbT8wRyK1pDz", next_node: "$ending" } }],
  start: { next_node: "flow_main" },
});

const legacyStream = new tenant.EventStream("legacy-stream", {
  adoptId: cfg.require("eventStreamId"),
  name: "legacy-audit",
  subscriptions: [{ event_type: "user.created" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com/legacy",
      webhook_authorization: { method: "basic", username: "legacy", password: cfg.requireSecret("hookPassword") },
    },
  },
});

// The ids, not the resource objects: an exported resource prints every one of its outputs in each preview.
export const legacySignupId = legacySignup.id;
export const legacyStreamId = legacyStream.id;
