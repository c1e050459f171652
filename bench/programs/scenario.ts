/**
 * The inputs of the benchmark's mixed resources, shared by the dynamic-provider program
 * (tenant/) and the plugin program (plugin/) so that both declare exactly the same
 * objects. Stack config `scenario` (JSON): `forms` forms with STEP and FLOW nodes,
 * `flows` flows (made first; form `i`'s FLOW node runs flow `i mod flows`, by reference; without
 * flows it names a literal id), `streams` webhook event streams (secret password from config `hookPassword`), the login
 * template when `template`, and the rate limit policy `policyId` looked up when set.
 * `actions` actions spread over four triggers ({@link ACTION_TRIGGERS}, action `i` on trigger
 * `i mod 4`), each post-login one showing form `i mod forms` by reference (`api.prompt.render`), and
 * one `TriggerBindings` per trigger used, binding its first 100 actions in order (the moonshot's
 * mix: bench/probe-moonshot.ts). `formName` renames form 0 (the one-field update). `everyKind`
 * adds one object of each kind the others leave out ({@link everyKindPlan}: a vault connection, a
 * rate limit policy and the login page's look), and the template they need.
 */
import * as pulumi from "@pulumi/pulumi";

export interface Scenario {
  forms?: number;
  flows?: number;
  streams?: number;
  template?: boolean;
  policyId?: string;
  formName?: string;
  actions?: number;
  everyKind?: boolean;
}

/** The stack's scenario (config `scenario`). */
export function readScenario(cfg: pulumi.Config): Scenario {
  return cfg.getObject<Scenario>("scenario") ?? {};
}

/** A literal flow id, for a form whose stack has no flows. */
const LITERAL_FLOW_ID = "af_2Nf7qL3mXcVbT8wRyK1pDz";

/** The inputs of form `i`; its FLOW node runs `flowId`. */
export function formInputs(scenario: Scenario, i: number, flowId: pulumi.Input<string> = LITERAL_FLOW_ID) {
  return {
    name: i === 0 && scenario.formName ? scenario.formName : `Sign-up ${i}`,
    start: { next_node: "step_1" },
    nodes: [
      {
        id: "step_1",
        type: "STEP" as const,
        config: {
          components: [{ id: "email", category: "FIELD" as const, type: "EMAIL" as const, required: true }],
          next_node: "flow_1",
        },
      },
      { id: "flow_1", type: "FLOW" as const, config: { flow_id: flowId, next_node: "$ending" } },
    ],
    style: { css: "body { color: #111; }" },
  };
}

/** The inputs of flow `i`: one HTTP request with the form's data. */
export function flowInputs(i: number) {
  return {
    name: `enrich-${i}`,
    actions: [
      {
        id: "notify",
        type: "HTTP" as const,
        action: "SEND_REQUEST" as const,
        params: {
          url: `https://hooks.example.com/signup/${i}`,
          method: "POST" as const,
          payload: { email: "{{fields.email}}" },
        },
      },
    ],
  };
}

/** The inputs of event stream `i`. */
export function streamInputs(i: number, hookPassword: pulumi.Output<string>) {
  return {
    name: `audit-${i}`,
    status: "enabled" as const,
    subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
    destination: {
      type: "webhook" as const,
      configuration: {
        webhook_endpoint: "https://hooks.example.com/auth0",
        webhook_authorization: { method: "basic" as const, username: "hook", password: hookPassword },
      },
    },
  };
}

/** The triggers the scenario's actions are spread over, with the version and handler each runs. */
export const ACTION_TRIGGERS = [
  { id: "post-login", version: "v3", handler: "onExecutePostLogin" },
  { id: "pre-user-registration", version: "v2", handler: "onExecutePreUserRegistration" },
  { id: "post-user-registration", version: "v2", handler: "onExecutePostUserRegistration" },
  { id: "post-change-password", version: "v2", handler: "onExecutePostChangePassword" },
] as const;

/** How many actions one trigger's bindings hold at most (the provider's limit per trigger). */
export const BINDINGS_PER_TRIGGER = 100;

/** Another resource's id, by reference (the program resolves it: `flow.id`). */
export interface Ref {
  $ref: string;
}
/** Text built from strings and references (`pulumi.concat`, Python's `Output.concat`). */
export interface Concat {
  $concat: (string | Ref)[];
}
/** A secret of the stack's configuration (`cfg.requireSecret`). */
export interface Secret {
  $secret: string;
}

/**
 * The inputs of action `i` (trigger `i mod 4`); a post-login action shows the form `formId` names
 * (by reference: the code is known once the form exists).
 */
export function actionInputs(i: number, formId?: Ref) {
  const trigger = ACTION_TRIGGERS[i % ACTION_TRIGGERS.length]!;
  const code: Concat = {
    $concat:
      trigger.id === "post-login" && formId
        ? [
            `exports.${trigger.handler} = async (event, api) => {\n  if (!event.user.user_metadata.company) api.prompt.render("`,
            formId,
            `");\n};\n`,
          ]
        : [
            `exports.${trigger.handler} = async (event, api) => {\n  console.log("action ${i}", event.user.user_id);\n};\n`,
          ],
  };
  return {
    name: `action-${i}`,
    supported_triggers: [{ id: trigger.id, version: trigger.version }],
    runtime: "node22",
    code,
  };
}

/** Which of `count` actions each trigger binds (its first {@link BINDINGS_PER_TRIGGER}, in order): by trigger id. */
export function bindingPlan(count: number): { triggerId: string; actions: number[] }[] {
  return ACTION_TRIGGERS.map((trigger, t) => ({
    triggerId: trigger.id,
    actions: Array.from({ length: count }, (_, i) => i)
      .filter((i) => i % ACTION_TRIGGERS.length === t)
      .slice(0, BINDINGS_PER_TRIGGER),
  })).filter((plan) => plan.actions.length > 0);
}

/** The login template. */
export const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** The resource types a scenario declares. */
export const PLAN_TYPES = [
  "Flow",
  "Form",
  "EventStream",
  "Action",
  "TriggerBindings",
  "LoginTemplate",
  "FlowVaultConnection",
  "RateLimitPolicy",
  "Branding",
  "BrandingTheme",
  "PromptSettings",
  "PromptCustomText",
  "PromptScreenPartials",
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** One resource of the scenario: its type, name and inputs (in the API's names), references as markers. */
export interface PlanEntry {
  type: PlanType;
  name: string;
  args: Record<string, unknown>;
  /** Resources (by name) that must exist first, where nothing in `args` refers to them. */
  dependsOn?: string[];
}

/**
 * Every resource `scenario` declares, in the order a program declares them (flows, forms,
 * streams, actions, bindings, the template), with references, interpolations and the secret as
 * markers ({@link Ref}, {@link Concat}, {@link Secret}). The TypeScript programs
 * ({@link declareScenario}) and the Python one (plugin-py/__main__.py, from this list as JSON)
 * resolve the markers the way each language writes them, so every program declares the same objects.
 */
export function scenarioPlan(scenario: Scenario): PlanEntry[] {
  const plan: PlanEntry[] = [];
  const flows = scenario.flows ?? 0;
  const forms = scenario.forms ?? 0;
  const actions = scenario.actions ?? 0;
  const ref = (name: string): Ref => ({ $ref: name });
  for (let i = 0; i < flows; i++) plan.push({ type: "Flow", name: `flow-${i}`, args: flowInputs(i) });
  for (let i = 0; i < forms; i++) {
    const flowId = flows ? (ref(`flow-${i % flows}`) as unknown as string) : undefined;
    plan.push({ type: "Form", name: `form-${i}`, args: formInputs(scenario, i, flowId) });
  }
  const password = { $secret: "hookPassword" } satisfies Secret as unknown as pulumi.Output<string>;
  for (let i = 0; i < (scenario.streams ?? 0); i++)
    plan.push({ type: "EventStream", name: `stream-${i}`, args: streamInputs(i, password) });
  for (let i = 0; i < actions; i++)
    plan.push({
      type: "Action",
      name: `action-${i}`,
      args: actionInputs(i, forms ? ref(`form-${i % forms}`) : undefined),
    });
  for (const binding of bindingPlan(actions))
    plan.push({
      type: "TriggerBindings",
      name: `bindings-${binding.triggerId}`,
      args: {
        trigger_id: binding.triggerId,
        actions: binding.actions.map((i) => ({ id: ref(`action-${i}`), display_name: `action ${i}` })),
      },
    });
  if (scenario.template || scenario.everyKind)
    plan.push({ type: "LoginTemplate", name: "login", args: { template: TEMPLATE } });
  if (scenario.everyKind) plan.push(...everyKindPlan());
  return plan;
}

/** A colour of the look. */
const INK = "#1f2937";

/**
 * One object of each kind the scenario's counts leave out: a flow vault connection (its bearer
 * token the stack's secret `hookPassword`), a rate limit policy, the branding settings and theme, the
 * prompt settings, a custom text and a screen's partials (which need the template, declared before).
 */
export function everyKindPlan(): PlanEntry[] {
  const style = (size: number, bold = false) => ({ size, bold });
  return [
    {
      type: "FlowVaultConnection",
      name: "crm",
      args: { name: "crm-api", app_id: "HTTP", setup: { type: "BEARER", token: { $secret: "hookPassword" } } },
    },
    {
      type: "RateLimitPolicy",
      name: "logins",
      args: {
        resource: "oauth_authentication_api",
        consumer: "client",
        consumer_selector: "default",
        configuration: { action: "log", limit: 100 },
      },
    },
    { type: "Branding", name: "branding", args: { colors: { primary: "#0059d6", page_background: "#f3f4f6" } } },
    {
      type: "BrandingTheme",
      name: "theme",
      args: {
        displayName: "Bench",
        colors: {
          body_text: INK,
          error: "#b91c1c",
          header: INK,
          icons: INK,
          input_background: "#ffffff",
          input_border: INK,
          input_filled_text: INK,
          input_labels_placeholders: INK,
          links_focused_components: "#0059d6",
          primary_button: "#0059d6",
          primary_button_label: "#ffffff",
          secondary_button_border: INK,
          secondary_button_label: INK,
          success: "#047857",
          widget_background: "#ffffff",
          widget_border: INK,
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
          logo_url: "",
          social_buttons_layout: "bottom",
        },
      },
    },
    { type: "PromptSettings", name: "prompts", args: { universal_login_experience: "new", identifier_first: true } },
    {
      type: "PromptCustomText",
      name: "login-id-en",
      args: { prompt: "login-id", language: "en", body: { "login-id": { title: "Welcome" } } },
    },
    {
      type: "PromptScreenPartials",
      name: "login-id-partials",
      args: { prompt: "login-id", screens: { "login-id": { "form-content-end": "<p>Help: it@example.com</p>" } } },
      dependsOn: ["login"],
    },
  ];
}

/** What the scenario needs of a tenant module: the dynamic providers' (`pulumi-tenant`) or the SDK's. */
export type TenantModule = Record<PlanType, new (name: string, args: never) => { id: pulumi.Output<string> }> & {
  getRateLimitPolicyOutput(args: { id: string }): unknown;
};

/** Resolves a plan's markers: references to the ids declared so far, text with `pulumi.concat`, secrets from `cfg`. */
class Resolver {
  readonly ids = new Map<string, pulumi.Output<string>>();
  private readonly secrets = new Map<string, pulumi.Output<string>>();
  constructor(private readonly cfg: pulumi.Config) {}

  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (typeof value !== "object" || value === null) return value;
    if ("$ref" in value) return this.ids.get((value as Ref).$ref);
    if ("$concat" in value)
      return pulumi.concat(...(value as Concat).$concat.map((part) => this.resolve(part) as string));
    if ("$secret" in value) {
      const key = (value as Secret).$secret;
      if (!this.secrets.has(key)) this.secrets.set(key, this.cfg.requireSecret(key));
      return this.secrets.get(key);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.resolve(item)]));
  }
}

/** Declares the stack's scenario with `tenant`'s resources; returns the stack outputs. */
export function declareScenario(tenant: TenantModule) {
  const cfg = new pulumi.Config();
  const scenario = readScenario(cfg);
  const resolver = new Resolver(cfg);
  const counts: Partial<Record<PlanType, number>> = {};
  const declared = new Map<string, pulumi.Resource>();
  for (const entry of scenarioPlan(scenario)) {
    const Resource = tenant[entry.type] as new (
      name: string,
      args: unknown,
      opts?: pulumi.CustomResourceOptions,
    ) => pulumi.CustomResource;
    const dependsOn = (entry.dependsOn ?? []).flatMap((name) => declared.get(name) ?? []);
    const resource = new Resource(
      entry.name,
      resolver.resolve(entry.args),
      dependsOn.length ? { dependsOn } : undefined,
    );
    declared.set(entry.name, resource);
    resolver.ids.set(entry.name, resource.id);
    counts[entry.type] = (counts[entry.type] ?? 0) + 1;
  }
  return {
    formCount: counts.Form ?? 0,
    flowCount: counts.Flow ?? 0,
    streamCount: counts.EventStream ?? 0,
    actionCount: counts.Action ?? 0,
    policy: scenario.policyId ? tenant.getRateLimitPolicyOutput({ id: scenario.policyId }) : undefined,
  };
}
