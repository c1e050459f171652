/**
 * A realistic tenant: a sign-up form (STEP, ROUTER and FLOW nodes with components) whose
 * FLOW node runs a flow defined here, the flow's HTTP action calling a CRM through a flow
 * vault connection whose token is secret config, the hosted login page template kept in
 * login.html and the login page's look (branding, a theme, the identifier screen's texts in
 * English and French, a partial under its form), an audit event stream to a webhook whose password is secret config, a
 * post-login action that shows the form to a user without a company (its secrets the form's
 * id and the CRM token) bound to the post-login trigger, an event stream to an action, and a
 * rate limit policy looked up and exported. No id is written here or in the config: the form
 * points at `enrich.id`, the flow at `crm.id`, the action's secret at `signup.id` and the
 * stream at `forwardEvents.id`, so the same program deploys to any tenant (a `dev` stack, a
 * `prod` stack), each holding its own ids.
 *
 *   pulumi config set tenant:domain my-tenant.eu.auth0.com      # or http://127.0.0.1:4010
 *   pulumi config set tenant:clientId <client id>
 *   pulumi config set --secret tenant:clientSecret -- <client secret>
 *   pulumi config set --secret hookPassword -- <webhook password>
 *   pulumi config set --secret crmToken -- <the CRM's API token>
 *   pulumi config set rateLimitPolicyId rlp_...                  # optional
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();
/** Where the CRM looks a company up, and where it takes events. */
const crmUrl = cfg.get("crmUrl") ?? "https://crm.example.com/api/companies/lookup";
const crmEventsUrl = cfg.get("crmEventsUrl") ?? "https://crm.example.com/api/events";

/** The CRM's credentials, kept in the tenant's vault: the token is write-only there and a secret here. */
const crm = new tenant.FlowVaultConnection("crm", {
  name: "crm-api",
  app_id: "HTTP",
  setup: { type: "BEARER", token: cfg.requireSecret("crmToken") },
});

/** What the form's FLOW node runs: look the new user's company up in the CRM. */
const enrich = new tenant.Flow("enrich", {
  name: "Enrich the profile",
  actions: [
    {
      id: "lookup_company",
      alias: "Look the company up",
      type: "HTTP",
      action: "SEND_REQUEST",
      params: {
        connection_id: crm.id,
        url: crmUrl,
        method: "POST",
        payload: { company: "{{fields.company}}", email: "{{fields.email}}" },
      },
    },
  ],
});

const signup = new tenant.Form("signup", {
  name: cfg.get("formName") ?? "Sign-up",
  languages: { primary: "en", default: "en" },
  messages: { custom: { welcome: "Welcome to Example Inc." } },
  start: {
    hidden_fields: [{ key: "utm_source", value: "website" }],
    next_node: "step_details",
    coordinates: { x: 0, y: 0 },
  },
  nodes: [
    {
      id: "step_details",
      type: "STEP",
      alias: "Your details",
      coordinates: { x: 300, y: 0 },
      config: {
        components: [
          { id: "heading", category: "BLOCK", type: "RICH_TEXT", config: { content: "<h2>Create your account</h2>" } },
          { id: "email", category: "FIELD", type: "EMAIL", required: true, config: { placeholder: "you@example.com" } },
          { id: "company", category: "FIELD", type: "TEXT", required: false, config: { max_length: 100 } },
          { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Continue" } },
        ],
        next_node: "route_by_company",
      },
    },
    {
      id: "route_by_company",
      type: "ROUTER",
      alias: "Business or personal",
      coordinates: { x: 600, y: 0 },
      config: {
        rules: [
          {
            id: "has_company",
            alias: "Has a company",
            // Required by the published schema; the form editor writes conditions in this shape.
            condition: { operator: "AND", operands: [{ operator: "EXISTS", operands: ["{{fields.company}}"] }] },
            next_node: "flow_enrich",
          },
        ],
        fallback: "$ending",
      },
    },
    {
      id: "flow_enrich",
      type: "FLOW",
      alias: "Enrich the profile",
      coordinates: { x: 900, y: 0 },
      config: { flow_id: enrich.id, next_node: "$ending" },
    },
  ],
  ending: { resume_flow: true, coordinates: { x: 1200, y: 0 } },
  style: { css: ".form-title { color: #1f2937; }" },
});

const login = new tenant.LoginTemplate("login", {
  template: fs.readFileSync(path.join(__dirname, "login.html"), "utf8"),
});

/** The login page's look: the brand's colour and logo, and the theme of the login box. */
const brandBlue = "#0059d6";
const logoUrl = "https://example.com/logo.png";
new tenant.Branding("branding", { colors: { primary: brandBlue, page_background: "#f3f4f6" }, logo_url: logoUrl });

/** The login box's theme, whole as the service takes it; a text's size is a percentage of `reference_text_size`. */
const dark = "#1f2937";
const grey = "#4b5563";
const white = "#ffffff";
const style = (size: number, bold = false) => ({ size, bold });
const theme = new tenant.BrandingTheme("theme", {
  displayName: "Example Inc.",
  colors: {
    body_text: dark,
    error: "#b91c1c",
    header: dark,
    icons: grey,
    input_background: white,
    input_border: grey,
    input_filled_text: dark,
    input_labels_placeholders: grey,
    links_focused_components: brandBlue,
    primary_button: brandBlue,
    primary_button_label: white,
    secondary_button_border: grey,
    secondary_button_label: dark,
    success: "#047857",
    widget_background: white,
    widget_border: grey,
  },
  fonts: {
    font_url: "",
    reference_text_size: 16,
    title: style(150, true),
    subtitle: style(87.5),
    body_text: style(87.5),
    buttons_text: style(100, true),
    input_labels: style(100),
    links: style(87.5, true),
    links_style: "normal",
  },
  borders: {
    button_border_radius: 8,
    button_border_weight: 1,
    buttons_style: "rounded",
    input_border_radius: 8,
    input_border_weight: 1,
    inputs_style: "rounded",
    show_widget_shadow: true,
    widget_border_weight: 0,
    widget_corner_radius: 12,
  },
  page_background: { background_color: "#f3f4f6", background_image_url: "", page_layout: "center" },
  widget: {
    header_text_alignment: "center",
    logo_height: 52,
    logo_position: "center",
    logo_url: logoUrl,
    social_buttons_layout: "bottom",
  },
});

/** The identifier screen's texts in each language the login page speaks. */
const loginIdTexts: Record<string, Record<string, string>> = {
  en: { title: "Welcome to Example Inc.", description: "Log in to continue to Example." },
  fr: { title: "Bienvenue chez Example Inc.", description: "Connectez-vous pour continuer vers Example." },
};
for (const [language, texts] of Object.entries(loginIdTexts)) {
  new tenant.PromptCustomText(`login-id-${language}`, { prompt: "login-id", language, body: { "login-id": texts } });
}

/** A line under the identifier form, inserted into the template above (partials need one, and a custom domain). */
new tenant.PromptScreenPartials(
  "login-id-partials",
  {
    prompt: "login-id",
    screens: { "login-id": { "form-content-end": '<p class="help">Trouble signing in? Ask it@example.com</p>' } },
  },
  { dependsOn: [login] },
);

const audit = new tenant.EventStream("audit", {
  name: "audit-log",
  status: "enabled",
  subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }, { event_type: "user.updated" }],
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: cfg.get("hookEndpoint") ?? "https://hooks.example.com/auth0",
      webhook_authorization: { method: "basic", username: "auth0-hook", password: cfg.requireSecret("hookPassword") },
    },
  },
});

/**
 * After login, a user without a company is shown this stack's sign-up form; once they answer,
 * the company is looked up in the CRM with the token (a secret of the action: the tenant never
 * returns it). The form's id comes from `signup.id`, so each tenant's action shows its own form.
 * The id reaches the code as the action's secret SIGNUP_FORM_ID: it is not secret, but secrets are
 * the only settings an action has, and through one the code stays a single literal text, the same
 * in every tenant, that the policy pack judges at the first preview (code built with
 * `pulumi.interpolate` from `signup.id` is unknown until the form exists, so a first preview
 * cannot judge it).
 */
const askCompany = new tenant.Action("ask-company", {
  name: "ask-for-company",
  supported_triggers: [{ id: "post-login", version: "v3" }],
  runtime: "node22",
  code: `exports.onExecutePostLogin = async (event, api) => {
  if (!event.user.user_metadata.company) {
    api.prompt.render(event.secrets.SIGNUP_FORM_ID, { vars: { email: event.user.email } });
  }
};

exports.onContinuePostLogin = async (event, api) => {
  const company = event.prompt && event.prompt.fields && event.prompt.fields.company;
  if (!company) return;
  const reply = await fetch("${crmUrl}?company=" + encodeURIComponent(company), {
    headers: { authorization: "Bearer " + event.secrets.CRM_TOKEN },
  });
  if (reply.ok) api.user.setAppMetadata("crm_company", await reply.json());
};
`,
  secrets: [
    { name: "CRM_TOKEN", value: cfg.requireSecret("crmToken") },
    { name: "SIGNUP_FORM_ID", value: signup.id },
  ],
});

/** The action runs at each login only once bound to the trigger: by reference, in this order. */
new tenant.TriggerBindings("post-login", {
  trigger_id: "post-login",
  actions: [{ id: askCompany.id, display_name: "Ask for the company" }],
});

/** Runs for each event of the stream below: sends the user's sign-up to the CRM. */
const forwardEvents = new tenant.Action("forward-events", {
  name: "forward-user-events",
  supported_triggers: [{ id: "event-stream" }],
  code: `exports.onExecuteEventStream = async (event, api) => {
  await fetch("${crmEventsUrl}", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer " + event.secrets.CRM_TOKEN },
    body: JSON.stringify(event.message),
  });
};
`,
  secrets: [{ name: "CRM_TOKEN", value: cfg.requireSecret("crmToken") }],
});

/** New users go to the action above, in each tenant its own. */
new tenant.EventStream("signups", {
  name: "signups-to-crm",
  status: "enabled",
  subscriptions: [{ event_type: "user.created" }],
  destination: { type: "action", configuration: { action_id: forwardEvents.id } },
});

const policyId = cfg.get("rateLimitPolicyId");
// The rate limit policy guarding the authentication API, exported only when one is configured:
// an output set to `undefined` draws Pulumi's "Undefined value" warning on every update.
if (policyId) exports.rateLimitPolicy = tenant.getRateLimitPolicyOutput({ id: policyId });

// Ids, not resource objects: an exported resource prints every one of its outputs in each preview.
export const formId = signup.id;
export const flowId = enrich.id;
export const eventStreamId = audit.id;
export const actionId = askCompany.id;
export const themeId = theme.id;
