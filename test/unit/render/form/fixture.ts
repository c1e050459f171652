/** A form with every component type, for the form renderer's tests. */
import type { FormComponent, RenderableForm } from "../../../../render/form";

/** What a hostile user types into every field. */
export const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;

/** One component of each of the 27 types, in a single step. */
export const EVERY_COMPONENT: FormComponent[] = [
  { id: "divider", category: "BLOCK", type: "DIVIDER", config: { text: "or" } },
  { id: "html", category: "BLOCK", type: "HTML", config: { content: "<h2>Welcome</h2><script>steal()</script>" } },
  {
    id: "image",
    category: "BLOCK",
    type: "IMAGE",
    config: { src: "https://cdn.example.com/a.png", position: "LEFT", height: 40 },
  },
  {
    id: "jump",
    category: "BLOCK",
    type: "JUMP_BUTTON",
    config: { text: "Skip", next_node: "$ending", style: { background_color: "#ff0000" } },
  },
  {
    id: "resend",
    category: "BLOCK",
    type: "RESEND_BUTTON",
    config: { active_text: "No code?", button_text: "Resend", waiting_text: "Wait", flow_id: "af_resend" },
  },
  { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Continue" } },
  { id: "back", category: "BLOCK", type: "PREVIOUS_BUTTON", config: { text: "Back" } },
  {
    id: "rich",
    category: "BLOCK",
    type: "RICH_TEXT",
    config: { content: '<p>Read <a href="https://example.com/terms">terms</a></p>' },
  },
  {
    id: "vc",
    category: "WIDGET",
    type: "AUTH0_VERIFIABLE_CREDENTIALS",
    label: "Your licence",
    config: {
      url: "https://wallet.example.com",
      alternate_text: "Scan with your wallet",
      access_token: "SECRET-VC-TOKEN",
      verification_id: "v1",
    },
  },
  {
    id: "address",
    category: "WIDGET",
    type: "GMAPS_ADDRESS",
    label: "Address",
    config: { api_key: "SECRET-MAPS-KEY" },
  },
  {
    id: "captcha",
    category: "WIDGET",
    type: "RECAPTCHA",
    label: "Are you human?",
    config: { site_key: "site", secret_key: "SECRET-CAPTCHA" },
  },
  { id: "agree", category: "FIELD", type: "BOOLEAN", label: "Subscribe", config: {} },
  {
    id: "plan",
    category: "FIELD",
    type: "CARDS",
    label: "Plan",
    config: { options: [{ value: "pro", label: "Pro", image_url: "https://cdn.example.com/pro.png" }] },
  },
  {
    id: "colour",
    category: "FIELD",
    type: "CHOICE",
    label: "Colour",
    required: true,
    config: {
      options: [
        { value: "red", label: "Red" },
        { value: "blue", label: "Blue" },
      ],
      allow_other: { enabled: true, label: "Something else", placeholder: "Your colour" },
    },
  },
  { id: "widget", category: "FIELD", type: "CUSTOM", label: "Custom", config: { schema: {}, code: "steal()" } },
  { id: "birthday", category: "FIELD", type: "DATE", label: "Birthday", config: { format: "DATE" } },
  {
    id: "country",
    category: "FIELD",
    type: "DROPDOWN",
    label: "Country",
    config: {
      placeholder: "Pick one",
      options: [
        { value: "fr", label: "France" },
        { value: "de", label: "Germany" },
      ],
    },
  },
  {
    id: "email",
    category: "FIELD",
    type: "EMAIL",
    label: "Email",
    required: true,
    hint: "We never share it",
    config: { placeholder: "you@example.com" },
  },
  {
    id: "upload",
    category: "FIELD",
    type: "FILE",
    label: "CV",
    config: { extensions: ["pdf"], categories: ["IMAGE"], maxSize: 2048, multiple: true, maxFiles: 2 },
  },
  {
    id: "terms",
    category: "FIELD",
    type: "LEGAL",
    label: "Terms",
    required: true,
    config: { text: 'I accept the <a href="javascript:alert(1)" onclick="x()">terms</a>' },
  },
  { id: "age", category: "FIELD", type: "NUMBER", label: "Age", config: { min_value: 18, max_value: 120 } },
  { id: "secret", category: "FIELD", type: "PASSWORD", label: "Password", config: { min_length: 8, complexity: true } },
  {
    id: "pay",
    category: "FIELD",
    type: "PAYMENT",
    label: "Pay",
    config: {
      provider: "STRIPE",
      charge: { type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } },
      credentials: { public_key: "pk_test", private_key: "SECRET-STRIPE" },
    },
  },
  { id: "social", category: "FIELD", type: "SOCIAL", label: "Sign in with", config: {} },
  { id: "phone", category: "FIELD", type: "TEL", label: "Phone", config: { min_length: 6, max_length: 20 } },
  {
    id: "name",
    category: "FIELD",
    type: "TEXT",
    label: "Name",
    config: { min_length: 2, max_length: 10, placeholder: "Jane" },
  },
  { id: "site", category: "FIELD", type: "URL", label: "Website", config: {} },
];

/** A form: start → `details` (every component) → router → `vip` or flow → ending. */
export const FORM: RenderableForm = {
  languages: { primary: "en", default: "en" },
  style: { css: ".af-form{color:navy}" },
  start: { next_node: "details" },
  nodes: [
    { id: "details", type: "STEP", config: { components: EVERY_COMPONENT, next_node: "route" } },
    {
      id: "route",
      type: "ROUTER",
      config: {
        rules: [{ id: "vip", condition: { operator: "EQ", operands: ["{{fields.colour}}", "red"] }, next_node: "vip" }],
        fallback: "enrich",
      },
    },
    { id: "vip", type: "STEP", config: { components: [], next_node: "$ending" } },
    { id: "enrich", type: "FLOW", config: { flow_id: "af_enrich", next_node: "vip" } },
  ],
};
