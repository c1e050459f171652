/**
 * Walks the table of kinds: every declared secret of every kind is marked secret by the
 * provider, found and stripped by the redaction helpers, redacted in the server's log, and
 * (form component secrets) kept out of a generated program and sealed at rest.
 */
import * as pulumi from "@pulumi/pulumi";
import { EACH, KIND_NAMES, KINDS, secretValues, withoutSecrets, type SecretPath } from "../../api";
import { FORM_COMPONENT_SECRET_FIELDS, formSecrets } from "../../api/kinds/form/secrets";
import { markSecrets } from "../../provider/lifecycle/secrets";
import { redactPaths } from "../../server/logger";
import { randomBytes } from "node:crypto";
import { SecretBox, sealSecrets } from "../../server/secrets";

/** A value holding `secret` at `path` (one item per array, the `where` keys set). */
function holding(path: SecretPath, secret: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return secret;
  if (step === EACH) return [holding(rest, secret)];
  if (typeof step === "object") return { ...step.where, ...(holding(rest, secret) as object) };
  return { [step]: holding(rest, secret) };
}

/** The value at the end of `path` in `value` (first item of each array). */
function at(value: unknown, path: SecretPath): unknown {
  let here = value;
  for (const step of path) {
    if (typeof step === "object") continue;
    here = step === EACH ? (here as unknown[])[0] : (here as Record<string, unknown>)[step];
  }
  return here;
}

const isSecret = (value: unknown): Promise<boolean> =>
  pulumi.Output.isInstance(value)
    ? (value as unknown as { isSecret: Promise<boolean> }).isSecret
    : Promise.resolve(false);

const declared = KIND_NAMES.flatMap((kind) =>
  KINDS[kind].secretPaths.map((path, index) => ({ kind, path, secret: `S-${kind}-${index}` })),
);

describe("every secret the table of kinds declares", () => {
  it("is exactly the secrets of the published API, stated here by hand, kind by kind", () => {
    // Where each kind's credentials sit in the published management API (written out, not read from the table).
    const published: Record<string, string[]> = {
      form: [
        "nodes.*.config.components.*[RECAPTCHA].config.secret_key",
        "nodes.*.config.components.*[GMAPS_ADDRESS].config.api_key",
        "nodes.*.config.components.*[GMAPS_ADDRESS].config.server_key",
        "nodes.*.config.components.*[PAYMENT].config.credentials",
        "nodes.*.config.components.*[AUTH0_VERIFIABLE_CREDENTIALS].config.access_token",
      ],
      eventStream: [
        "destination[webhook].configuration.webhook_authorization[basic].password",
        "destination[webhook].configuration.webhook_authorization[bearer].token",
        "destination[webhook].configuration.webhook_authorization[custom_header].header_value",
      ],
      loginTemplate: [],
      rateLimitPolicy: [],
      flow: ["actions.*[HTTP,SEND_REQUEST].params.basic.password"],
      flowVaultConnection: ["setup"],
      action: ["secrets.*.value"],
      triggerBindings: [],
      branding: [],
      brandingTheme: [],
      promptSettings: [],
      promptCustomText: [],
      promptScreenPartials: [],
    };
    const words = (path: SecretPath) =>
      path
        .map((step) => (typeof step === "object" ? `[${Object.values(step.where).join(",")}]` : step))
        .join(".")
        .replace(/\.\[/g, "[");
    const table = Object.fromEntries(KIND_NAMES.map((kind) => [kind, KINDS[kind].secretPaths.map(words).sort()]));
    expect(table).toEqual(
      Object.fromEntries(Object.entries(published).map(([kind, paths]) => [kind, [...paths].sort()])),
    );
  });

  it.each(declared)("$kind $path.length-step secret: marked secret by the provider", async ({ kind, path, secret }) => {
    const marked = markSecrets(holding(path, secret), KINDS[kind].secretPaths);
    expect(await isSecret(at(marked, path))).toBe(true);
  });

  it.each(declared)("$kind secret $secret: found and stripped by the redaction helpers", ({ kind, path, secret }) => {
    const value = holding(path, secret);
    expect(secretValues(value, KINDS[kind].secretPaths)).toEqual([secret]);
    expect(JSON.stringify(withoutSecrets(value, KINDS[kind].secretPaths))).not.toContain(secret);
  });

  it.each(declared)("$kind secret $secret: its key is redacted in the server's log", ({ path }) => {
    const key = String(path.at(-1));
    expect(redactPaths()).toEqual(expect.arrayContaining([key, `*.${key}`]));
  });

  it.each(
    Object.entries(FORM_COMPONENT_SECRET_FIELDS).flatMap(([type, fields]) => fields.map((field) => ({ type, field }))),
  )("form component $type $field: marked, never in a generated program, sealed at rest", ({ type, field }) => {
    const component = { id: "c", type, config: holding(field, "S") };
    const form = { name: "f", nodes: [{ id: "step", type: "STEP", config: { components: [component] } }] };
    expect(secretValues(form, KINDS.form.secretPaths)).toEqual(["S"]);
    expect(formSecrets(form).map((found) => found.value)).toEqual(["S"]);
    const { stored, sealed } = sealSecrets(form, KINDS.form.secretPaths, new SecretBox(randomBytes(32)), "forms:ap_1");
    expect(JSON.stringify(stored)).not.toContain('"S"');
    expect(sealed).toBeDefined();
  });
});
