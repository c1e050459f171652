/**
 * The fidelity suite's program. Its resources come from stack config as JSON, untyped,
 * as a JavaScript program would pass them, so what the provider's `check` catches at
 * preview is tested rather than what the TypeScript compiler would catch first:
 *
 * - `forms`, `streams`: arrays of Form / EventStream arguments;
 * - `secretForm: true`: two forms of component secrets: one with two from secret config
 *   (`captchaSecret`, `stripeKey`), one with two written as plain strings in the program
 *   ({@link MAPS_KEY}, {@link VC_TOKEN}) and nothing else secret, which the Form class must make
 *   secret itself (in one form with the others, the engine would keep them secret anyway).
 *   (Not plain config: the engine records the whole stack config in the provider's state.)
 */
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

/** Plain strings in the program, as a user might write them (the suite searches for them; not exported: exports are stack outputs). */
const MAPS_KEY = "maps-key-plain-Fd63zR";
const VC_TOKEN = "vc-token-plain-Fd54xT";

const cfg = new pulumi.Config();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = any;

const forms = (cfg.getObject<Untyped[]>("forms") ?? []).map((args, i) => new tenant.Form(`form-${i}`, args));
const streams = (cfg.getObject<Untyped[]>("streams") ?? []).map(
  (args, i) => new tenant.EventStream(`stream-${i}`, args),
);

if (cfg.getBoolean("secretForm")) {
  /** A step of `components`, then the ending. */
  const step = (components: Untyped[]): Untyped => [
    {
      id: "step_1",
      type: "STEP",
      config: {
        components: [...components, { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Go" } }],
        next_node: "$ending",
      },
    },
  ];
  // The secrets from secret config: the engine keeps a property secret when anything in it is.
  forms.push(
    new tenant.Form("secret-form", {
      name: "Component secrets",
      nodes: step([
        {
          id: "captcha",
          category: "WIDGET",
          type: "RECAPTCHA",
          config: { site_key: "site-key-public", secret_key: cfg.requireSecret("captchaSecret") },
        },
        {
          id: "pay",
          category: "FIELD",
          type: "PAYMENT",
          config: {
            charge: { type: "ONE_OFF", one_off: { amount: 20, currency: "EUR" } },
            credentials: { public_key: "pk_live_public", private_key: cfg.requireSecret("stripeKey") },
          },
        },
      ]),
    }),
  );
  // Plain strings alone in their form: only the Form class can make them secret.
  forms.push(
    new tenant.Form("plain-secret-form", {
      name: "Plain component secrets",
      nodes: step([
        { id: "address", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: MAPS_KEY } },
        {
          id: "vc",
          category: "WIDGET",
          type: "AUTH0_VERIFIABLE_CREDENTIALS",
          config: {
            url: "https://vc.example.com/verify",
            alternate_text: "Scan the code",
            access_token: VC_TOKEN,
            verification_id: "ver_1",
          },
        },
      ]),
    }),
  );
}

export const formIds = forms.map((form) => form.id);
export const streamIds = streams.map((stream) => stream.id);
