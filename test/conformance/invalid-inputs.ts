/**
 * Configurations the provider's `check` refuses at preview, each with the property its failure must
 * name, as a JavaScript program passes them (untyped). `check` itself is tested on each in
 * test/unit/api/conformance.test.ts; test/e2e/fidelity.test.ts sends one through the engine's
 * preview, which stops at the first failed check.
 */
type Json = Record<string, unknown>;
const s = (n: number, c = "a") => c.repeat(n);
const step = (components: Json[]) => [{ id: "step_1", type: "STEP", config: { components, next_node: "$ending" } }];
/** A webhook destination with `authorization`. */
export const webhook = (authorization: Json) => ({
  type: "webhook",
  configuration: { webhook_endpoint: "https://hooks.example.com/in", webhook_authorization: authorization },
});

/** Invalid configurations, each with the property the preview's failure must name. */
export const INVALID_INPUTS: { what: string; forms?: Json[]; streams?: Json[]; property: string }[] = [
  {
    what: "a non-integer coordinate",
    forms: [
      { name: "x", nodes: [{ id: "f", type: "FLOW", coordinates: { x: 1.5, y: 0 }, config: { flow_id: "af_1" } }] },
    ],
    property: "nodes[0].coordinates.x",
  },
  {
    what: "a coordinate beyond ±999999",
    forms: [{ name: "x", start: { coordinates: { x: 0, y: 1_000_000 } } }],
    property: "start.coordinates.y",
  },
  {
    what: "ending.resume_flow false",
    forms: [{ name: "x", ending: { resume_flow: false } }],
    property: "ending.resume_flow",
  },
  {
    what: "a redirection delay of 11",
    forms: [{ name: "x", ending: { redirection: { target: "https://x.example", delay: 11 } } }],
    property: "ending.redirection.delay",
  },
  {
    what: "a redirection target of 1025 characters",
    forms: [{ name: "x", ending: { redirection: { target: s(1025) } } }],
    property: "ending.redirection.target",
  },
  { what: "empty css", forms: [{ name: "x", style: { css: "" } }], property: "style.css" },
  {
    what: "a message of 256 characters",
    forms: [{ name: "x", messages: { custom: { hello: s(256) } } }],
    property: "messages.custom.hello",
  },
  {
    what: "a hidden field value of 501 characters",
    forms: [{ name: "x", start: { hidden_fields: [{ key: "k", value: s(501) }] } }],
    property: "start.hidden_fields[0].value",
  },
  {
    what: "a flow_id of 31 characters",
    forms: [{ name: "x", nodes: [{ id: "f", type: "FLOW", config: { flow_id: `af_${s(28, "b")}` } }] }],
    property: "nodes[0].config.flow_id",
  },
  {
    what: "a node id outside the custom-identifier format",
    forms: [{ name: "x", nodes: [{ id: "flow 1", type: "FLOW", config: { flow_id: "af_1" } }] }],
    property: "nodes[0].id",
  },
  {
    what: "an unknown component type",
    forms: [{ name: "x", nodes: step([{ id: "c", category: "FIELD", type: "TELEPORT" }]) }],
    property: "nodes[0].config.components[0].type",
  },
  {
    what: "a component in the wrong category",
    forms: [
      {
        name: "x",
        nodes: step([{ id: "c", category: "FIELD", type: "RECAPTCHA", config: { site_key: "a", secret_key: "b" } }]),
      },
    ],
    property: "nodes[0].config.components[0].category",
  },
  {
    what: "a component missing a required config key",
    forms: [
      { name: "x", nodes: step([{ id: "c", category: "WIDGET", type: "RECAPTCHA", config: { site_key: "a" } }]) },
    ],
    property: "nodes[0].config.components[0].config.secret_key",
  },
  {
    what: "an unknown key in a component's config",
    forms: [{ name: "x", nodes: step([{ id: "c", category: "FIELD", type: "TEXT", config: { requird: true } }]) }],
    property: "nodes[0].config.components[0].config.requird",
  },
  {
    what: "a JUMP_BUTTON to no node",
    forms: [
      {
        name: "x",
        nodes: step([
          { id: "j", category: "BLOCK", type: "JUMP_BUTTON", config: { text: "Go", next_node: "nowhere" } },
        ]),
      },
    ],
    property: "nodes[0].config.components[0].config.next_node",
  },
  {
    what: "a basic-auth username with ':'",
    streams: [{ destination: webhook({ method: "basic", username: "a:b", password: "p" }) }],
    property: "destination.configuration.webhook_authorization.username",
  },
  {
    what: "a basic-auth username of 129 characters",
    streams: [{ destination: webhook({ method: "basic", username: s(129), password: "p" }) }],
    property: "destination.configuration.webhook_authorization.username",
  },
  {
    what: "an AWS region not in the list",
    streams: [
      {
        destination: {
          type: "eventbridge",
          configuration: { aws_account_id: "123456789012", aws_region: "eu-west-9" },
        },
      },
    ],
    property: "destination.configuration.aws_region",
  },
  {
    what: "a malformed event type",
    streams: [
      {
        subscriptions: [{ event_type: "User Created" }],
        destination: { type: "action", configuration: { action_id: "a" } },
      },
    ],
    property: "subscriptions[0].event_type",
  },
];
