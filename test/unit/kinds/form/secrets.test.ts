/**
 * Secrets in form components (RECAPTCHA `secret_key`, GMAPS_ADDRESS `api_key` and
 * `server_key`, PAYMENT `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`): marked as
 * Pulumi secrets leaf by leaf from the paths declared in api/, kept out of the create
 * journal's key, and found for redaction.
 */
import * as pulumi from "@pulumi/pulumi";
import { secretKeys, secretValues, withoutSecrets, KINDS } from "../../../../api";
import { markSecrets } from "../../../../provider/lifecycle/secrets";
import { contentHash } from "../../../../provider/lifecycle/journal";
import { tableCollectionSpec } from "../../../../provider/lifecycle/table-kind";

const formSpec = tableCollectionSpec("form");

/** The create journal's key for a form, as the lifecycle computes it (content without secrets). */
const formJournalKey = (body: Record<string, unknown>) =>
  contentHash(formSpec.normalise(withoutSecrets(body, KINDS.form.secretPaths)));

type Loose = Record<string, unknown>;
const isSecret = (value: unknown) =>
  pulumi.Output.isInstance(value) && (value as unknown as { isSecret: Promise<boolean> }).isSecret;

const SECRETS = ["recaptcha-secret-Q1", "gmaps-api-key-W2", "gmaps-server-key-E3", "stripe-private-R4", "vc-token-T5"];

const components = () => [
  { id: "captcha", category: "WIDGET", type: "RECAPTCHA", config: { site_key: "site-public", secret_key: SECRETS[0] } },
  { id: "address", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: SECRETS[1], server_key: SECRETS[2] } },
  {
    id: "pay",
    category: "FIELD",
    type: "PAYMENT",
    label: "Pay",
    config: {
      charge: { type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } },
      credentials: { public_key: "pk_live", private_key: SECRETS[3] },
    },
  },
  {
    id: "vc",
    category: "WIDGET",
    type: "AUTH0_VERIFIABLE_CREDENTIALS",
    config: {
      url: "https://vc.example.com",
      alternate_text: "Scan",
      access_token: SECRETS[4],
      verification_id: "v1",
    },
  },
  { id: "email", category: "FIELD", type: "EMAIL", config: { placeholder: "you@example.com" } },
];
const form = () => ({
  name: "Secrets",
  nodes: [{ id: "step_1", type: "STEP", config: { components: components(), next_node: "$ending" } }],
});

describe("form component secrets", () => {
  it("are marked secret leaf by leaf; the rest stays readable", async () => {
    const marked = markSecrets(form(), KINDS.form.secretPaths);
    const items = ((marked.nodes[0] as Loose).config as { components: Loose[] }).components;
    const config = (index: number) => items[index].config as Loose;
    expect(await isSecret(config(0).secret_key)).toBe(true);
    expect(config(0).site_key).toBe("site-public");
    expect(await isSecret(config(1).api_key)).toBe(true);
    expect(await isSecret(config(1).server_key)).toBe(true);
    expect(await isSecret(config(2).credentials)).toBe(true);
    expect(config(2).charge).toEqual({ type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } });
    expect(await isSecret(config(3).access_token)).toBe(true);
    expect(config(3).url).toBe("https://vc.example.com");
    expect(items[4]).toEqual(components()[4]);
    expect(marked.name).toBe("Secrets");
  });

  it("secrets given as secret Outputs stay secret; a whole nodes Output holding one becomes secret", async () => {
    const withOutput = form();
    (withOutput.nodes[0].config.components[0].config as Loose).secret_key = pulumi.secret("from-config");
    const marked = markSecrets(withOutput, KINDS.form.secretPaths);
    const captcha = ((marked.nodes[0] as Loose).config as { components: Loose[] }).components[0].config as Loose;
    expect(await isSecret(captcha.secret_key)).toBe(true);

    const wholeNodes = markSecrets({ nodes: pulumi.output(form().nodes) }, KINDS.form.secretPaths).nodes;
    expect(await isSecret(wholeNodes)).toBe(true);
    const plainNodes = markSecrets(
      { nodes: pulumi.output([{ id: "f", type: "FLOW", config: { flow_id: "af_1" } }]) },
      KINDS.form.secretPaths,
    ).nodes;
    expect(await isSecret(plainNodes)).toBe(false);
  });

  it("only the declared component types are matched (`where`), and a form without components is untouched", () => {
    const notRecaptcha = {
      nodes: [
        {
          id: "s",
          type: "STEP",
          config: { components: [{ id: "t", category: "FIELD", type: "TEXT", config: { secret_key: "x" } }] },
        },
      ],
    };
    const marked = markSecrets(notRecaptcha, KINDS.form.secretPaths);
    expect(marked).toEqual(notRecaptcha);
    expect(markSecrets({ name: "plain" }, KINDS.form.secretPaths)).toEqual({ name: "plain" });
  });

  it("are found for redaction and removed from the journal's key", () => {
    expect(secretValues(form(), KINDS.form.secretPaths).sort()).toEqual([...SECRETS, "pk_live"].sort());
    const stripped = JSON.stringify(withoutSecrets(form(), KINDS.form.secretPaths));
    for (const secret of SECRETS) expect(stripped).not.toContain(secret);
    expect(stripped).toContain("site-public");
    const rotated = form();
    (rotated.nodes[0].config.components[0].config as Loose).secret_key = "another-secret";
    expect(formJournalKey(rotated)).toBe(formJournalKey(form()));
    expect(formJournalKey({ ...form(), name: "Other" })).not.toBe(formJournalKey(form()));
  });

  it("their keys join the webhook secrets in the server log's redaction list", () => {
    expect(secretKeys(KINDS.form.secretPaths).sort()).toEqual([
      "access_token",
      "api_key",
      "credentials",
      "secret_key",
      "server_key",
    ]);
    expect(secretKeys(KINDS.eventStream.secretPaths).sort()).toEqual(["header_value", "password", "token"]);
  });
});
