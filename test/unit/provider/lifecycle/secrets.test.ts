/** EventStream inputs: webhook secrets are marked secret, the rest stays readable. */
import * as pulumi from "@pulumi/pulumi";
import { KINDS } from "../../../../api";
import { markSecrets } from "../../../../provider/lifecycle/secrets";

/** The destination with its webhook secret marked, as the generated class marks its inputs (the table's secret paths). */
const markDestinationSecrets = <T>(destination: T): T =>
  markSecrets({ destination }, KINDS.eventStream.secretPaths).destination;

type Loose = Record<string, unknown>;
const isSecret = (value: unknown) =>
  pulumi.Output.isInstance(value) && (value as unknown as { isSecret: Promise<boolean> }).isSecret;

describe("webhook secrets in inputs", () => {
  it("marks the password of a plain destination secret, leaf by leaf", async () => {
    const destination = markDestinationSecrets({
      type: "webhook",
      configuration: {
        webhook_endpoint: "https://h.example.com",
        webhook_authorization: { method: "basic", username: "u", password: "p4ss" },
      },
    }) as Loose;
    const configuration = destination.configuration as Loose;
    const authorization = configuration.webhook_authorization as Loose;
    expect(configuration.webhook_endpoint).toBe("https://h.example.com");
    expect(authorization.username).toBe("u");
    expect(await isSecret(authorization.password)).toBe(true);
  });

  it("marks a whole destination given as an Output secret when it holds a secret field", async () => {
    const marked = markDestinationSecrets(
      pulumi.output({
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://h.example.com",
          webhook_authorization: { method: "bearer", token: "t0ken" },
        },
      }),
    );
    expect(await isSecret(marked)).toBe(true);
    const eventbridge = markDestinationSecrets(
      pulumi.output({
        type: "eventbridge",
        configuration: { aws_account_id: "123456789012", aws_region: "us-east-1" },
      }),
    );
    expect(await isSecret(eventbridge)).toBe(false);
  });

  it("leaves destinations without secrets untouched", () => {
    const action = { type: "action", configuration: { action_id: "a1" } };
    expect(markDestinationSecrets(action)).toEqual(action);
  });
});
