/**
 * The policy pack through the real engine, on the real kinds (`Action`, `TriggerBindings`, …):
 * `pulumi preview --policy-pack policy/` of one program per door (dynamic classes, the resource
 * plugin), keeping every rule and breaking every mandatory rule the engine reaches, asserting
 * each rule's outcome from the engine's policy events; `pulumi up` stopped by the pack on an
 * action code known only once its form exists; the passing dynamic program deployed with the
 * pack (`pulumi up --policy-pack`) and judged again by drift; the realistic example previewed with
 * the pack's default configuration, reported nothing.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { EngineEvent, LocalWorkspace } from "@pulumi/pulumi/automation";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, startE2e, type E2eContext } from "./harness";
import { policyCliBin } from "../../scripts/lib/policy-cli";

const PROGRAM = path.join(REPO_ROOT, "test", "e2e", "policy-program");
const PACK = path.join(REPO_ROOT, "policy");

/** What the engine said of one violation: the rule, its enforcement, the resource's name. */
interface Outcome {
  policy: string;
  level: string;
  resource: string;
}

const outcomesOf = (events: EngineEvent[]): Outcome[] =>
  unique(events)
    .flatMap((event) => (event.policyEvent ? [event.policyEvent] : []))
    .map((event) => ({
      policy: event.policyName,
      level: event.enforcementLevel,
      resource: event.resourceUrn?.split("::").pop() ?? "",
    }))
    .sort((a, b) => `${a.policy} ${a.resource}`.localeCompare(`${b.policy} ${b.resource}`));

/** The policy events, one per rule and resource (a rule may name several fields of one resource). */
function unique(events: EngineEvent[]): EngineEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = event.policyEvent ? `${event.policyEvent.policyName} ${event.policyEvent.resourceUrn}` : "";
    if (!event.policyEvent || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The violations the violating program makes, the same in both doors: every mandatory rule the engine reaches. */
const VIOLATIONS: Outcome[] = [
  // Its first preview: the form's id is unknown, so the interpolated code is, and is named as not judged.
  { policy: "action-code-known-at-preview", level: "advisory", resource: "ask-company" },
  { policy: "action-code-parses", level: "advisory", resource: "post-login" },
  { policy: "action-code-secrets", level: "mandatory", resource: "post-login" },
  { policy: "action-dependencies-pinned", level: "mandatory", resource: "post-login" },
  { policy: "action-runtime-supported", level: "advisory", resource: "post-login" },
  { policy: "credentials-in-vault", level: "mandatory", resource: "enrich" },
  { policy: "credentials-in-vault", level: "mandatory", resource: "sync" },
  { policy: "event-stream-known-event-types", level: "advisory", resource: "audit" },
  { policy: "event-stream-webhook-authorization", level: "mandatory", resource: "audit" },
  // Configured advisory by the test's pack configuration (mandatory by default).
  { policy: "form-nodes-reachable", level: "advisory", resource: "signup" },
  { policy: "form-paths-end", level: "mandatory", resource: "signup" },
  { policy: "form-sensitive-fields-https", level: "mandatory", resource: "signup" },
  { policy: "outside-calls-allowed-hosts", level: "mandatory", resource: "enrich" },
  { policy: "outside-calls-allowed-hosts", level: "mandatory", resource: "sync" },
  { policy: "outside-calls-https", level: "mandatory", resource: "crm" },
  { policy: "outside-calls-https", level: "mandatory", resource: "enrich" },
  { policy: "outside-calls-https", level: "mandatory", resource: "sync" },
  { policy: "production-rate-limits-block", level: "mandatory", resource: "login" },
  { policy: "trigger-binding-supported", level: "mandatory", resource: "bindings" },
];

const sorted = (outcomes: Outcome[]) =>
  [...outcomes].sort((a, b) => `${a.policy} ${a.resource}`.localeCompare(`${b.policy} ${b.resource}`));

const messagesOf = (events: EngineEvent[]) =>
  events.flatMap((event) => (event.policyEvent ? [event.policyEvent.message] : []));

// One stack per door for every case: previews of each mode, the review, an `up` the pack stops,
// and (dynamic door) an `up` it lets through with drift after it.
describe.each(["dynamic", "plugin"])("the policy pack, %s door", (door) => {
  let ctx: E2eContext;
  let configFile: string;

  beforeAll(async () => {
    process.env.PULUMI_TENANT_BIN = policyCliBin();
    ctx = await startE2e({
      programDir: PROGRAM,
      stackName: `prod-policy-${door}`,
      config: { door: { value: door }, hookToken: { value: "a-webhook-token", secret: true } },
    });
    configFile = path.join(ctx.tmpDir, "policy-config.json");
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        "outside-calls-allowed-hosts": { allowedHosts: ["*.example.com", "acct.api-us1.com"] },
        "form-nodes-reachable": "advisory",
      }),
    );
  }, E2E_TIMEOUT_MS);

  afterAll(async () => ctx?.dispose(), E2E_TIMEOUT_MS);

  /** Runs `pulumi-tenant review` on the stack. */
  function runReview(args: string[]) {
    return runCli(["review", "--stack", ctx.stack.name, "--cwd", ctx.programDir, ...args]);
  }

  /** Runs `pulumi-tenant <args>`. */
  function runCli(args: string[]) {
    return run(process.execPath, [path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js"), ...args]);
  }

  function run(command: string, args: string[], env: Record<string, string> = {}) {
    const workspace = ctx.stack.workspace as LocalWorkspace;
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        command,
        args,
        { cwd: ctx.programDir, env: { ...process.env, ...workspace.envVars, ...env }, maxBuffer: 1 << 28 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
  }

  const packOptions = () => ({ policyPacks: [PACK], policyPackConfigs: [configFile] });

  async function preview(mode: "keep" | "violate" | "key") {
    await ctx.stack.setConfig("mode", { value: mode });
    const events: EngineEvent[] = [];
    let output = "";
    let ok = true;
    await ctx.stack
      .preview({
        ...packOptions(),
        onEvent: (event) => void events.push(event),
        onOutput: (text) => (output += text),
      })
      .catch((error: Error) => {
        ok = false;
        output += error.message;
      });
    return { ok, output, events };
  }

  /** The names of the tenant's actions and forms. */
  async function tenantNames() {
    const names = async (path: string, key: string) => {
      const answer = await ctx.api.call<Record<string, { name: string }[]> | { name: string }[]>("GET", path);
      const items = Array.isArray(answer.body) ? answer.body : (answer.body[key] ?? []);
      return items.map((item) => item.name).sort();
    };
    return { actions: await names("/actions/actions", "actions"), forms: await names("/forms", "forms") };
  }

  test(
    "a program that keeps every rule previews without a violation; its interpolated action code is named as not judged",
    async () => {
      const run = await preview("keep");
      expect({ ok: run.ok, outcomes: outcomesOf(run.events) }).toEqual({
        ok: true,
        outcomes: [{ policy: "action-code-known-at-preview", level: "advisory", resource: "ask-company" }],
      });
      expect(run.output).toContain("pulumi-tenant-policy@v0.2.0");
      expect(messagesOf(run.events)).toEqual([
        expect.stringContaining(
          'Action "ask-company": code is not known at this preview (it is built from outputs of Form "signup"',
        ),
      ]);
      expect(run.events.some((event) => "policyLoadEvent" in event)).toBe(true);
    },
    E2E_TIMEOUT_MS,
  );

  test(
    "a program that breaks them fails its preview, each rule naming its resource, field and fix",
    async () => {
      const run = await preview("violate");
      expect(outcomesOf(run.events)).toEqual(sorted(VIOLATIONS));
      expect(run.ok).toBe(false);
      const messages = messagesOf(run.events);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Flow "enrich": actions[0].params.headers.Authorization is a credential'),
          expect.stringContaining('FlowVaultConnection "crm": setup.base_url calls acct.api-us1.com without TLS'),
          expect.stringContaining('Form "signup": nodes[2] "stuck" never reaches "$ending"'),
          expect.stringContaining('RateLimitPolicy "login": configuration.action is "log" in production stack'),
          // The gaps: a templated host's literal scheme, the allow-list told of it, a password in a URL.
          expect.stringContaining('Flow "sync": actions[0].params.url calls {{vars.crm_host}} without TLS (http://)'),
          expect.stringContaining(
            'Flow "sync": actions[0].params.url calls a host built at run time ({{vars.crm_host}})',
          ),
          expect.stringContaining('Flow "sync": actions[1].params.url holds a password in a URL'),
          expect.stringContaining('Action "post-login": code line 2 holds an AWS access key id'),
          expect.stringContaining('Action "post-login": code line 3 holds a GitHub token (40 hex digits)'),
          expect.stringContaining('Action "post-login": code line 4 holds a Basic credential'),
          expect.stringContaining('Action "post-login": code line 5 does not parse: Unexpected token'),
          expect.stringContaining('Action "post-login": dependencies[0] axios has "^1.7.0"'),
          // Through the engine's property dependencies of the bindings' actions on the Action resource.
          expect.stringContaining(
            'TriggerBindings "bindings": actions binds Action "signup-check" to post-login, but it supports ' +
              "pre-user-registration",
          ),
        ]),
      );
      // No false alarm: a header named X-Token-Type, dependencies pinned as v4.17.21 and =9.0.1.
      expect(messages.filter((message) => /X-Token-Type|lodash|uuid/.test(message))).toEqual([]);
      // The webhook token is never echoed: the rule names the field, not a value.
      expect(JSON.stringify(run.events)).not.toContain("a-webhook-token");
    },
    E2E_TIMEOUT_MS,
  );

  test(
    "the review comment of the violating program: mandatory violations first, advisory ones in their rows",
    async () => {
      // Dynamic door: `review --policy-pack` runs the preview. Plugin door: the CI recipe's preview
      // (examples/ci/preview.sh with POLICY_PACK) runs it and the review, and the job fails.
      const comment = path.join(ctx.tmpDir, "comment.md");
      if (door === "plugin") {
        const recipe = await run(
          "bash",
          [path.join(REPO_ROOT, "examples", "ci", "preview.sh"), ctx.stack.name, ctx.programDir, comment],
          {
            POLICY_PACK: PACK,
            POLICY_PACK_CONFIG: configFile,
            PATH: `${process.env.PULUMI_TENANT_BIN}${path.delimiter}${process.env.PATH}`,
          },
        );
        expect(recipe.code).not.toBe(0);
        expect(recipe.stderr).not.toContain("no comment was written");
      } else {
        const review = await runReview(["--policy-pack", PACK, "--policy-pack-config", configFile, "--out", comment]);
        expect({ code: review.code, stderr: review.stderr }).toEqual({ code: 2, stderr: "" });
      }
      const text = fs.readFileSync(comment, "utf8");
      const lines = text.split("\n");
      const first = lines.findIndex((line) => line.includes("**Policy violations**"));
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(lines.findIndex((line) => line.startsWith("| Action |")));
      expect(text).toContain(
        '> - form `signup`, policy `form-paths-end`: Form "signup": nodes[2] "stuck" never reaches',
      );
      expect(text).toContain(
        '> - flow `enrich`, policy `credentials-in-vault`: Flow "enrich": actions[0].params.headers.Authorization',
      );
      const row = (name: string) => lines.find((line) => line.startsWith("|") && line.includes(`\`${name}\``))!;
      expect(row("audit")).toContain("⚠️ policy `event-stream-known-event-types` (advisory)");
      // The action the pack could not judge, and why, in its row.
      expect(row("ask-company")).toContain(
        '⚠️ policy `action-code-known-at-preview` (advisory): Action "ask-company": code is not known at this preview',
      );
      expect(text).not.toContain("a-webhook-token");
    },
    E2E_TIMEOUT_MS,
  );

  test(
    "pulumi up judges the interpolated code once the form exists, and stops before the action is written",
    async () => {
      await ctx.stack.setConfig("mode", { value: "key" });
      const upEvents: EngineEvent[] = [];
      const failure = await ctx.stack.up({ ...packOptions(), onEvent: (event) => void upEvents.push(event) }).then(
        () => undefined,
        (error: Error) => error,
      );
      // The engine stops at the policy's verdict: the action is never created.
      expect(failure?.message).toMatch(/\[mandatory\] {2}action-code-secrets/);
      expect(failure?.message).not.toMatch(/Action ask-company creat/);
      expect(outcomesOf(upEvents)).toEqual([
        { policy: "action-code-secrets", level: "mandatory", resource: "ask-company" },
      ]);
      expect(messagesOf(upEvents)).toEqual([
        expect.stringContaining('Action "ask-company": code line 2 holds a Stripe secret key'),
      ]);
      // The form the code names was created; the action holding the key was not.
      const held = await tenantNames();
      expect(held.forms).toContain("Sign-up");
      expect(held.actions).not.toContain("ask-for-company");
      // Now the form's id is known, a preview judges the code too.
      const again = await preview("key");
      expect({ ok: again.ok, outcomes: outcomesOf(again.events) }).toEqual({
        ok: false,
        outcomes: [{ policy: "action-code-secrets", level: "mandatory", resource: "ask-company" }],
      });
    },
    E2E_TIMEOUT_MS,
  );

  // The dynamic door only: the plugin door's deploy and drift are the plugin tests' (plugin-lifecycle).
  if (door === "dynamic") {
    test(
      "the program that keeps every rule deploys with the pack, and drift judges what the tenant holds",
      async () => {
        await ctx.stack.setConfig("mode", { value: "keep" });
        const upEvents: EngineEvent[] = [];
        const up = await ctx.stack.up({ ...packOptions(), onEvent: (e) => void upEvents.push(e) });
        expect(up.summary.result).toBe("succeeded");
        expect(outcomesOf(upEvents)).toEqual([]);
        expect(upEvents.some((event) => "policyLoadEvent" in event)).toBe(true);
        expect((await tenantNames()).actions).toEqual(["ask-for-company", "post-login-checks", "signup-check"]);
        // drift with the pack: nothing drifted, nothing violated. Then the tenant's rate limit policy
        // set to log out of band: drift names it, and the pack's rules, run on what the tenant holds
        // now, name the broken rule (the engine alone judges the program's values, which still block).
        const drift = (args: string[]) =>
          runCli([
            "drift",
            "--json",
            "--stack",
            ctx.stack.name,
            "--cwd",
            ctx.programDir,
            "--policy-pack",
            PACK,
            ...args,
          ]);
        const clean = await drift(["--policy-pack-config", configFile]);
        expect({ code: clean.code, report: JSON.parse(clean.stdout) }).toMatchObject({
          code: 0,
          report: { drift: [], policies: [] },
        });
        const listed = await ctx.api.call<{ rate_limit_policies?: { id: string }[] } | { id: string }[]>(
          "GET",
          "/rate-limit-policies",
        );
        const policies = Array.isArray(listed.body) ? listed.body : (listed.body.rate_limit_policies ?? []);
        expect(policies).toHaveLength(1);
        const patched = await ctx.api.call("PATCH", `/rate-limit-policies/${policies[0]!.id}`, {
          configuration: { action: "log", limit: 50 },
        });
        expect(patched.status).toBe(200);
        const drifted = await drift(["--policy-pack-config", configFile]);
        const report = JSON.parse(drifted.stdout) as {
          drift: { name: string }[];
          policies: { policy: string; name: string; level: string; message: string }[];
        };
        expect(report.drift.map((item) => item.name)).toEqual(["login"]);
        expect({
          code: drifted.code,
          policies: report.policies.map(({ policy, name, level }) => ({ policy, name, level })),
        }).toEqual({
          code: 2 | 8,
          policies: [{ policy: "production-rate-limits-block", name: "login", level: "mandatory" }],
        });
        expect(report.policies[0]!.message).toContain('RateLimitPolicy "login": configuration.action is "log"');
      },
      E2E_TIMEOUT_MS,
    );
  }
});

describe("the realistic example with the pack's default configuration", () => {
  let ctx: E2eContext;
  afterAll(async () => ctx?.dispose(), E2E_TIMEOUT_MS);

  test(
    "previews without a violation, advisories included",
    async () => {
      process.env.PULUMI_TENANT_BIN = policyCliBin();
      ctx = await startE2e({
        programDir: REPO_ROOT,
        stackName: "policy-realistic",
        config: { crmToken: { value: "crm-token", secret: true }, hookPassword: { value: "hook-pw", secret: true } },
      });
      const events: EngineEvent[] = [];
      const preview = await ctx.stack.preview({ policyPacks: [PACK], onEvent: (event) => void events.push(event) });
      expect(preview.changeSummary.create).toBe(15);
      // The form's id reaches the post-login action as a secret: its code is a literal, judged on this first preview.
      expect(outcomesOf(events)).toEqual([]);
      expect(events.some((event) => "policyLoadEvent" in event)).toBe(true);
    },
    E2E_TIMEOUT_MS,
  );
});
