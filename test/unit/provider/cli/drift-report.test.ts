import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { DiagnosticEvent } from "@pulumi/pulumi/automation";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  changedFields,
  classifyPreview,
  describeDrift,
  describeProviderConfiguration,
  driftFromEvents,
  failureMessage,
} from "../../../../provider/cli/drift-report";

function pre(op: string, name: string, extra: Record<string, unknown> = {}): EngineEvent {
  return {
    sequence: 0,
    timestamp: 0,
    resourcePreEvent: {
      metadata: {
        op,
        urn: `urn:pulumi:s::p::pulumi-nodejs:dynamic/tenant:Form::${name}`,
        type: "pulumi-nodejs:dynamic/tenant:Form",
        provider: "",
        ...extra,
      },
    },
  } as unknown as EngineEvent;
}

describe("drift report from engine events", () => {
  test("a custom text edited by hand is reported by screen and key: the tenant's text, then the program's", () => {
    const type = "pulumi-nodejs:dynamic/tenant:PromptCustomText";
    const text = (title: string) => ({ prompt: "login-id", language: "fr", body: { "login-id": { title } } });
    const event = {
      sequence: 0,
      timestamp: 0,
      resourcePreEvent: {
        metadata: {
          op: "update",
          urn: `urn:pulumi:s::p::${type}::loginIdFr`,
          type,
          provider: "",
          old: { inputs: text("Salut") },
          new: { inputs: text("Bienvenue") },
        },
      },
    } as unknown as EngineEvent;
    expect(describeDrift(driftFromEvents([event]))).toEqual([
      "  PromptCustomText loginIdFr: fields differ: body [update]",
      '    login-id › title: "Salut" → "Bienvenue"',
    ]);
  });

  test("unchanged and refresh steps are not drift", () => {
    expect(driftFromEvents([pre("same", "a"), pre("refresh", "b")])).toEqual([]);
  });

  test("an update names the fields whose refreshed inputs differ from the program's, as the preview does", () => {
    // A status the program leaves at its default, disabled by hand: only the refreshed inputs hold it.
    const destination = { type: "eventbridge", configuration: { aws_region: "eu-west-1" } };
    const [item] = driftFromEvents([
      pre("update", "audit", {
        old: {
          inputs: { name: "audit", status: "disabled", destination },
          outputs: {
            name: "audit",
            status: "disabled",
            destination: { ...destination, configuration: { aws_region: "eu-west-1", aws_partner_event_source: "x" } },
          },
        },
        new: { inputs: { name: "audit", destination, __provider: "..." } },
      }),
    ]);
    expect(item.fields).toEqual(["status"]);
  });

  test("without refreshed inputs, the outputs are compared on the program's keys only", () => {
    const items = driftFromEvents([
      pre("update", "signup", {
        old: { outputs: { name: "Renamed by hand", style: { css: "x" }, id: "ap_1" } },
        new: { inputs: { name: "Sign-up", style: { css: "x" }, __provider: "..." } },
      }),
    ]);
    expect(items).toEqual([
      { name: "signup", type: "pulumi-nodejs:dynamic/tenant:Form", op: "update", fields: ["name"] },
    ]);
    expect(describeDrift(items)).toEqual(["  Form signup: fields differ: name [update]"]);
  });

  test("a detailed diff, when the engine gives one, wins over the comparison", () => {
    const [item] = driftFromEvents([pre("update", "s", { detailedDiff: { "nodes[0].config": {}, status: {} } })]);
    expect(item.fields).toEqual(["nodes", "status"]);
  });

  test("a resource deleted out of band shows as a create", () => {
    expect(describeDrift(driftFromEvents([pre("create", "audit")]))).toEqual([
      "  Form audit: deleted out of band (pulumi up --refresh creates it again) [create]",
    ]);
  });

  test("changedFields compares the keys of both sides unless told which, and ignores __provider", () => {
    expect(changedFields({ a: 1, b: 2, c: 4 }, { a: 1, b: 3, __provider: "p" })).toEqual(["b", "c"]);
    expect(changedFields({ a: 1, b: 2, id: "x" }, { a: 1, b: 3 }, ["a", "b"])).toEqual(["b"]);
  });
});

/** A refresh preview's engine events as `pulumi preview --refresh --event-log` recorded them (test/fixtures/drift/). */
function recorded(name: string): EngineEvent[] {
  const text = fs.readFileSync(path.join(__dirname, "..", "..", "..", "fixtures", "drift", name), "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as EngineEvent);
}

describe("credentials moved from the stack file to the environment", () => {
  // Recorded: a form deployed with tenant:domain, tenant:clientId and tenant:clientSecret in
  // Pulumi.prod.yaml; the three removed and the same values given as AUTH0_DOMAIN, AUTH0_CLIENT_ID
  // and AUTH0_CLIENT_SECRET; then the refresh preview drift runs.
  const PROVIDER_LINE =
    "Provider configuration changed (pulumi-nodejs default: tenant:clientId, tenant:clientSecret, tenant:domain): " +
    "run `pulumi up` once to record it; the tenant itself has not drifted.";

  test("the default provider's changed settings are not drift, and are reported on their own line", () => {
    const { drift, providerConfiguration } = classifyPreview(recorded("credentials-moved.events.jsonl"));
    expect(drift).toEqual([]);
    expect(providerConfiguration).toEqual([
      { provider: "pulumi-nodejs default", fields: ["tenant:clientId", "tenant:clientSecret", "tenant:domain"] },
    ]);
    expect(describeProviderConfiguration(providerConfiguration)).toEqual([PROVIDER_LINE]);
  });

  test("a form edited by hand at the same time is still drift, beside the provider's line", () => {
    const { drift, providerConfiguration } = classifyPreview(
      recorded("credentials-moved-and-form-edited.events.jsonl"),
    );
    expect(describeDrift(drift)).toEqual(["  Form signup: fields differ: name [update]"]);
    expect(describeProviderConfiguration(providerConfiguration)).toEqual([PROVIDER_LINE]);
  });

  const providerStep = (extra: Record<string, unknown>): EngineEvent =>
    ({
      sequence: 0,
      timestamp: 0,
      resourcePreEvent: {
        metadata: {
          op: "update",
          urn: "urn:pulumi:s::p::pulumi:providers:pulumi-nodejs::default",
          type: "pulumi:providers:pulumi-nodejs",
          provider: "",
          old: { inputs: { "tenant:clientId": "a", "prod:domain": "x", "app:color": "red" } },
          new: { inputs: {} },
          ...extra,
        },
      },
    }) as unknown as EngineEvent;

  test("only the provider's own settings, of the default provider, in an update, are set apart", () => {
    // A setting of another namespace is the provider's too (a second tenant's `prod:domain`).
    const settings = providerStep({ old: { inputs: { "tenant:clientId": "a", "prod:domain": "x" } } });
    expect(classifyPreview([settings]).providerConfiguration).toEqual([
      { provider: "pulumi-nodejs default", fields: ["prod:domain", "tenant:clientId"] },
    ]);
    // Anything else about the provider stays drift: a key that is no setting, a replace, another provider.
    const other = providerStep({});
    expect(classifyPreview([other]).drift.map((item) => item.fields)).toEqual([
      ["app:color", "prod:domain", "tenant:clientId"],
    ]);
    expect(classifyPreview([providerStep({ op: "replace" })]).providerConfiguration).toEqual([]);
    const named = providerStep({ urn: "urn:pulumi:s::p::pulumi:providers:pulumi-nodejs::mine" });
    expect(classifyPreview([named]).providerConfiguration).toEqual([]);
    expect(driftFromEvents([named])).toHaveLength(1);
  });
});

describe("drift check failure message", () => {
  const diagnostic = (message: string, urn?: string, severity: DiagnosticEvent["severity"] = "error") =>
    ({ message, urn, severity, color: "never" }) as DiagnosticEvent;
  const STACK_URN = "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s";

  test("a program error is told once, without colour codes or the runtime's own stack frames", () => {
    const error =
      "Running program '/p/index.ts' failed with an unhandled exception:\nError: broke\n" +
      "    at Object.<anonymous> \u001b[90m(/p/\u001b[39mindex.ts:11:25\u001b[90m)\u001b[39m\n" +
      "\u001b[90m    at Module._compile (node:internal/modules/cjs/loader:1521:14)\u001b[39m\n" +
      "    at Module.m._compile (/p/node_modules/ts-node/src/index.ts:1618:23)\n";
    const message = failureMessage(
      [diagnostic(error, STACK_URN), diagnostic(error, STACK_URN), diagnostic("a warning", STACK_URN, "warning")],
      "code: 1\n stdout: Previewing update\n stderr: error: preview failed",
    );
    expect(message).toBe(
      "Running program '/p/index.ts' failed with an unhandled exception:\nError: broke\n" +
        "    at Object.<anonymous> (/p/index.ts:11:25)",
    );
  });

  test("a resource's error names the resource", () => {
    const urn = "urn:pulumi:s::p::pulumi-nodejs:dynamic/tenant:Form::signup";
    expect(failureMessage([diagnostic("name: too long", urn)], "")).toBe("signup: name: too long");
    const engine = "pulumi-nodejs:dynamic/tenant:Form resource 'signup': property name has a problem";
    expect(failureMessage([diagnostic(engine, urn)], "")).toBe(engine);
  });

  test("without engine errors, the CLI's own error lines are told once; never the command's dump", () => {
    const cli =
      "code: 255\n stdout: \n stderr: Command failed with exit code 255: pulumi preview --refresh\n" +
      "error: no stack named 'x' found\n\n err?: Error: Command failed with exit code 255: pulumi preview\n" +
      "error: no stack named 'x' found\n";
    expect(failureMessage([], cli)).toBe("error: no stack named 'x' found");
  });
});
