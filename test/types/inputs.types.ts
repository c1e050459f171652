/**
 * Type-level tests of the provider's input types, checked by `tsc --noEmit -p .` (part
 * of `npm test`), never run. Each `@ts-expect-error` sits on the line where TypeScript
 * must report the error: an unused one, or an error on another line, fails the check.
 *
 * The discriminant keys (`type`, `category`, `method`, `action`) are plain literals, so
 * TypeScript narrows each union to one variant and reports a misspelt key on that key.
 */
import * as pulumi from "pulumi-tenant";
import type { EventStreamArgs, FormArgs } from "pulumi-tenant";
import { secret } from "@pulumi/pulumi";

export const bearerTypo: EventStreamArgs = {
  destination: {
    type: "webhook",
    configuration: {
      webhook_endpoint: "https://hooks.example.com",
      webhook_authorization: {
        method: "bearer",
        // @ts-expect-error `tokne` is not a key of a bearer authorization (reported here, on the key).
        tokne: "t",
      },
    },
  },
};

export const componentConfigTypo: FormArgs = {
  name: "f",
  nodes: [
    {
      id: "s",
      type: "STEP",
      config: {
        components: [
          {
            id: "c",
            category: "FIELD",
            type: "TEXT",
            config: {
              // @ts-expect-error `requird` is not a key of a TEXT field's config.
              requird: true,
            },
          },
        ],
      },
    },
  ],
};

// Errors that are not about one key (no variant matches at all) are reported on the
// enclosing object, which TypeScript cannot narrow: still compile errors.
export const wrongCategory: FormArgs = {
  name: "f",
  nodes: [
    // @ts-expect-error a RECAPTCHA is a WIDGET, not a FIELD.
    {
      id: "s",
      type: "STEP",
      config: {
        components: [{ id: "c", category: "FIELD", type: "RECAPTCHA", config: { site_key: "k", secret_key: "s" } }],
      },
    },
  ],
};

export const missingRequiredConfig: FormArgs = {
  name: "f",
  nodes: [
    // @ts-expect-error a RECAPTCHA needs its config (site_key, secret_key).
    { id: "s", type: "STEP", config: { components: [{ id: "c", category: "WIDGET", type: "RECAPTCHA" }] } },
  ],
};

export const booleanWithoutConfig: FormArgs = {
  name: "f",
  nodes: [
    // @ts-expect-error a BOOLEAN field needs its config, as the API requires (`config: {}` takes the defaults).
    {
      id: "s",
      type: "STEP",
      config: { components: [{ id: "agree", category: "FIELD", type: "BOOLEAN", label: "I agree" }] },
    },
  ],
};

export const booleanWithEmptyConfig: FormArgs = {
  name: "f",
  nodes: [
    {
      id: "s",
      type: "STEP",
      config: { components: [{ id: "agree", category: "FIELD", type: "BOOLEAN", label: "I agree", config: {} }] },
    },
  ],
};

export const resumeFlowFalse: FormArgs = {
  name: "f",
  ending: {
    // @ts-expect-error resume_flow can only be true.
    resume_flow: false,
  },
};

export const discriminantNotAnOutput: FormArgs = {
  name: "f",
  // @ts-expect-error a node's `type` takes a literal, not an Output (TypeScript could not pick the variant).
  nodes: [{ id: "s", type: secret("STEP" as const) }],
};

/** Every field but the discriminants takes Outputs, and each component type completes its own config. */
export const everything: FormArgs = {
  name: secret("Sign-up"),
  languages: { primary: "zh-Hant-TW", default: secret("en") },
  translations: { "pt-BR-custom-extension": { welcome: "Olá" } },
  start: { hidden_fields: [{ key: "utm_source" }], next_node: "step_1", coordinates: { x: 0, y: 0 } },
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      config: {
        components: [
          {
            id: "captcha",
            category: "WIDGET",
            type: "RECAPTCHA",
            config: { site_key: "site", secret_key: secret("s") },
          },
          {
            id: "pay",
            category: "FIELD",
            type: "PAYMENT",
            config: {
              charge: { type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } },
              credentials: secret({ public_key: "pk", private_key: "sk" }),
            },
          },
          {
            id: "jump",
            category: "BLOCK",
            type: "JUMP_BUTTON",
            config: { text: "Skip", next_node: "$ending", style: { background_color: "#fff" } },
          },
          {
            id: "file",
            category: "FIELD",
            type: "FILE",
            config: { storage: { type: "CUSTOM", bucket: "b" }, maxSize: 2048 },
          },
        ],
        next_node: "route",
      },
    },
    {
      id: "route",
      type: "ROUTER",
      config: { rules: [{ id: "r", condition: { any: "thing" }, next_node: "$ending" }], fallback: "$ending" },
    },
  ],
  ending: { resume_flow: true, redirection: { target: "https://example.com", delay: 3 } },
};

/** Event types: the known ones and any other string. */
export const eventTypes: EventStreamArgs = {
  subscriptions: [
    { event_type: "user.created" },
    { event_type: "connection.updated" },
    { event_type: "ticket.opened.later" },
  ],
  destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "eu-west-1" } },
};

export const badRegion: EventStreamArgs = {
  // @ts-expect-error not one of the published AWS regions.
  destination: { type: "eventbridge", configuration: { aws_account_id: "123456789012", aws_region: "moon-central-1" } },
};

export const classes = [pulumi.Form, pulumi.EventStream, pulumi.LoginTemplate];
