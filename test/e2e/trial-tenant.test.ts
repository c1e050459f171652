/**
 * What a platform engineer's trial found, through the real engine, on one tenant server
 * and one stack: router conditions kept exactly as written and a rule without one caught
 * at preview; a rate limit policy that conflicts with one of the tenant, or with another
 * of the program, caught at preview; adoptions and secret rotations said on the preview's
 * own lines, as are a form's flow and a stream's action the tenant lacks; a component-type typo
 * through a helper function told in a few lines.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { E2E_TIMEOUT_MS, errorsOf, recordRun, setScenario, startE2e, writesIn, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "trial-program");

describe("a platform engineer's trial", () => {
  let ctx: E2eContext;

  const record = (operation: "preview" | "up", diff = false) => recordRun(ctx.stack, operation, { diff });

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: PROGRAM_DIR,
      stackName: "trial-tenant",
      config: { hookToken: { value: "hook-token-trial-1", secret: true } },
    });
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  test("router conditions reach the tenant exactly as written, and a second up and a refresh change nothing", async () => {
    const rules = [
      { id: "empty_and", condition: { operator: "AND", operands: [] }, next_node: "step_1" },
      { id: "empty_list", condition: [], next_node: "$ending" },
      {
        id: "company",
        condition: { operator: "AND", operands: [{ operator: "EXISTS", operands: ["{{fields.company}}"] }] },
        next_node: "$ending",
      },
    ];
    await setScenario(ctx.stack, { forms: [{ key: "router", name: "Router", rules }] });
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const id = (up.outputs.result.value as Record<string, string>).routerId;
    const stored = await ctx.api.call<{ nodes: { config: { rules: unknown[] } }[] }>("GET", `/forms/${id}`);
    expect(stored.body.nodes[0].config.rules).toEqual(rules);
    ctx.server.counters.reset();
    await ctx.stack.up({ expectNoChanges: true });
    await ctx.stack.preview({ refresh: true, expectNoChanges: true });
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
  });

  test("a router rule without its condition fails the preview, naming the rule", async () => {
    await setScenario(ctx.stack, {
      forms: [{ key: "router", name: "Router", rules: [{ id: "r", next_node: "$ending" }] }],
    });
    const run = await record("preview");
    expect(run.ok).toBe(false);
    expect(errorsOf(run).join("\n")).toContain("nodes[0].config.rules[0].condition");
  });

  test("a rate limit policy the tenant already has for the same resource, consumer and selector fails the preview", async () => {
    const existing = await ctx.api.call<{ id: string }>("POST", "/rate-limit-policies", {
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "log", limit: 5 },
    });
    expect(existing.status).toBe(201);
    await setScenario(ctx.stack, { policies: [{ key: "dflt", selector: "default", action: "block" }] });
    const run = await record("preview");
    expect(run.ok).toBe(false);
    const errors = errorsOf(run).join("\n");
    expect(errors).toContain(
      `property consumer_selector value {default} has a problem: the tenant ${ctx.server.url} already has rate limit policy ${existing.body.id} for ` +
        'resource oauth_authentication_api, consumer client and consumer_selector "default"',
    );
    expect(errors).toContain(`adopt it with adoptId: "${existing.body.id}"`);
  });

  test("two policies of the program for the same selector fail the preview; distinct ones are created", async () => {
    await setScenario(ctx.stack, {
      policies: [
        { key: "a", selector: "third_party_clients", action: "block" },
        { key: "b", selector: "third_party_clients", action: "log" },
      ],
    });
    const run = await record("preview");
    expect(run.ok).toBe(false);
    expect(errorsOf(run).join("\n")).toContain(
      "has a problem: another RateLimitPolicy of this program already creates the policy for resource " +
        `oauth_authentication_api, consumer client and consumer_selector "third_party_clients" in ${ctx.server.url}`,
    );
    await setScenario(ctx.stack, {
      policies: [
        { key: "a", selector: "third_party_clients", action: "block" },
        { key: "b", selector: "cimd_clients", action: "log" },
      ],
    });
    const up = await ctx.stack.up();
    expect(up.summary.result).toBe("succeeded");
    const listed = await ctx.api.call<{ rate_limit_policies: { consumer_selector: string }[] }>(
      "GET",
      "/rate-limit-policies",
    );
    const selectors = listed.body.rate_limit_policies.map((policy) => policy.consumer_selector);
    expect(selectors.filter((selector) => selector !== "default").sort()).toEqual([
      "cimd_clients",
      "third_party_clients",
    ]);
    await ctx.stack.up({ expectNoChanges: true });
  });

  test("an EventBridge stream has the aws_partner_event_source output the README promises", async () => {
    await setScenario(ctx.stack, { stream: { name: "bridge", eventbridge: true } });
    const up = await ctx.stack.up();
    const result = up.outputs.result.value as Record<string, string>;
    const stored = await ctx.api.call<{ destination: { configuration: { aws_partner_event_source: string } } }>(
      "GET",
      `/event-streams/${result.streamId}`,
    );
    expect(result.partnerEventSource).toBe(stored.body.destination.configuration.aws_partner_event_source);
    expect(result.partnerEventSource).toMatch(/^aws\.partner\//);
  });

  test("a component-type typo in a helper function is a short TypeScript error at the typo", async () => {
    // A program of its own (type-checked, as `pulumi preview` does by default), next to the others for its
    // modules: in the checkout's copy the suite's stack runs in, never in the checkout.
    const dir = fs.mkdtempSync(path.join(path.dirname(ctx.programDir), ".typo-"));
    try {
      fs.copyFileSync(path.join(PROGRAM_DIR, "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { strict: true, target: "ES2020", module: "commonjs", esModuleInterop: true },
        }),
      );
      fs.writeFileSync(
        path.join(dir, "index.ts"),
        [
          'import * as tenant from "pulumi-tenant";',
          'const field = (id: string) => tenant.formComponent({ id, category: "FIELD", type: "EMAL", required: true });',
          'new tenant.Form("signup", {',
          '  name: "Sign-up",',
          '  nodes: [{ id: "s", type: "STEP", config: { components: [field("email")], next_node: "$ending" } }],',
          "});",
          "",
        ].join("\n"),
      );
      const stack = await LocalWorkspace.createOrSelectStack(
        { stackName: "typo", workDir: dir },
        { pulumiCommand: ctx.stack.workspace.pulumiCommand, envVars: { ...ctx.stack.workspace.envVars } },
      );
      delete stack.workspace.envVars.PULUMI_NODEJS_TRANSPILE_ONLY;
      let output = "";
      await expect(stack.preview({ onOutput: (text) => (output += text) })).rejects.toThrow();
      const typeErrors = output.split("\n").filter((line) => /TS\d{4}|not assignable|Did you mean/.test(line));
      expect(typeErrors.join("\n")).toMatch(/index\.ts\(2,\d+\).*"EMAL".*Did you mean '"EMAIL"'\?/);
      expect(typeErrors.length).toBeLessThanOrEqual(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a form's flow and a stream's action that the tenant lacks (literal ids) are warned of, each on its own line", async () => {
    const missing = "af_2Nf7qL3mXcVbT8wRyK1pDz";
    const missingAction = "5f1c2d3e-7a6b-4c8d-9e0f-1a2b3c4d5e6f";
    await setScenario(ctx.stack, {
      forms: [{ key: "handoff", name: "Handoff", afterSubmitFlowId: missing }],
      stream: { name: "Relay", actionId: missingAction },
    });
    const run = await record("preview");
    expect(run.ok).toBe(true);
    const warning = run.events.find((event) => event.diagnosticEvent?.message.includes(`names flow ${missing}`));
    expect(warning?.diagnosticEvent?.severity).toBe("warning");
    expect(warning?.diagnosticEvent?.urn).toMatch(/::pulumi-nodejs:dynamic\/tenant:Form::handoff$/);
    expect(warning?.diagnosticEvent?.message).toContain(
      `form "Handoff": ending.after_submit.flow_id names flow ${missing}, which the tenant ${ctx.server.url} does not have`,
    );
    expect(warning?.diagnosticEvent?.message).toContain("`flow_id: flow.id` of a Flow resource");
    const streamWarning = run.events.find((event) =>
      event.diagnosticEvent?.message.includes(`names action ${missingAction}`),
    );
    expect(streamWarning?.diagnosticEvent?.severity).toBe("warning");
    expect(streamWarning?.diagnosticEvent?.urn).toMatch(/::pulumi-nodejs:dynamic\/tenant:EventStream::stream$/);
    expect(streamWarning?.diagnosticEvent?.message).toContain(
      `event stream "Relay": destination.configuration.action_id names action ${missingAction}, which the tenant ` +
        `${ctx.server.url} does not have`,
    );
  });

  test("an adoption says so on the resource's own line of the preview", async () => {
    const existing = await ctx.api.call<{ id: string }>("POST", "/forms", { name: "Existing" });
    await setScenario(ctx.stack, { forms: [{ key: "adopted", name: "Existing", adoptId: existing.body.id }] });
    const run = await record("preview");
    expect(run.ok).toBe(true);
    const line = run.output
      .split("\n")
      .find((text) => /\+\s+pulumi-nodejs:dynamic\/tenant:Form adopted create/.test(text));
    expect(line).toContain(`warning: adoptId: \`pulumi up\` adopts the existing form ${existing.body.id} ("Existing")`);
    const warning = run.events.find((event) => event.diagnosticEvent?.message.includes("adopts the existing form"));
    expect(warning?.diagnosticEvent?.urn).toMatch(/::pulumi-nodejs:dynamic\/tenant:Form::adopted$/);
  });

  test("a secret rotation is named on the resource's line, also with preview --diff", async () => {
    await setScenario(ctx.stack, { stream: { name: "hook" } });
    await ctx.stack.up();
    await ctx.stack.setConfig("hookToken", { value: "hook-token-trial-2", secret: true });
    const message = "destination: a secret changes (values are never shown); `pulumi up` sends the new one.";
    const withDiff = await record("preview", true);
    const warning = withDiff.events.find((event) => event.diagnosticEvent?.message.includes(message));
    expect(warning?.diagnosticEvent?.urn).toMatch(/::pulumi-nodejs:dynamic\/tenant:EventStream::stream$/);
    expect(withDiff.output).toMatch(/~ pulumi-nodejs:dynamic\/tenant:EventStream: \(update\)/);
    // The diff marks the key that names the field (the secrets themselves are [secret] on both sides).
    expect(withDiff.output).toMatch(/\+ rotatedSecrets: \[\s*\+\s+\[0\]: "destination"/);
    const plain = await record("preview");
    expect(plain.output).toMatch(
      /~\s+pulumi-nodejs:dynamic\/tenant:EventStream stream update \[diff: \+rotatedSecrets\]; warning: destination: a secret changes/,
    );
    expect(plain.output).not.toContain("hook-token-trial");
    await ctx.stack.up();
    await ctx.stack.up({ expectNoChanges: true });
  });
});
