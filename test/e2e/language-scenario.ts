/**
 * The provider plugin for every language (issues 18, 29), one test file per language
 * (languages-<language>.test.ts, so the engine stage runs them side by side): the same scenario through a TypeScript
 * program on the generated Node SDK, a Python program, a Go program, a Java program and a YAML
 * program with no SDK (test/e2e/languages/<language>, inputs in scenario.json; YAML's written
 * out, its lookups `fn::invoke`), each through the real engine and
 * its language host: a preview that names an invalid input, up of all four kinds on one
 * tenant (the default provider) and a form on each of two more tenants through two explicit
 * `tenant.Provider` instances, every lookup as
 * an invoke, a no-op up with 0 writes, an update, drift found by refresh and put right, an
 * import by id, secrets absent from state and output, destroy.
 *
 * Python, Go and Java (`npm run test:full`) run every step, each language's SDK through the whole
 * lifecycle. The Node.js and YAML suites of `npm test` run the steps no other engine test does
 * (see {@link Step}); the up, its lookups, its explicit providers and the secrets check always run.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startTenantServer, type TenantServer } from "../../server/index";
import { ensureLanguages, REPO_ROOT } from "../../scripts/lib/pulumi";
import { renameResource } from "../../provider/schema/names";
import scenario from "./languages/scenario.json";
import {
  E2E_TIMEOUT_MS,
  errorsOf,
  installPythonSdk,
  rawStateText,
  recordRun,
  startE2e,
  TenantApi,
  writesIn,
  type E2eContext,
} from "./harness";

/** The languages of the plugin's programs. */
export type Language = "nodejs" | "python" | "go" | "java" | "yaml";

/**
 * The YAML program in a scratch copy (the import step adds a resource to it, as a user pastes
 * one), its plugin path made absolute.
 */
function yamlProgram(scratch: string): string {
  const dir = path.join(scratch, "yaml-program");
  fs.mkdirSync(dir, { recursive: true });
  const text = fs.readFileSync(path.join(__dirname, "languages", "yaml", "Pulumi.yaml"), "utf8");
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    text.replace("path: ../../../../provider/bin", `path: ${path.join(REPO_ROOT, "provider", "bin")}`),
  );
  return dir;
}

/** Adds the imported form to a YAML program (YAML has no conditionals: the other programs read `extraFormName`). */
function addExtraFormToYaml(dir: string): void {
  const file = path.join(dir, "Pulumi.yaml");
  const extra = [
    "  extra:",
    "    type: tenant:Form",
    "    properties:",
    "      name: Imported",
    "      languages:",
    "        primary: en",
    "      nodes: ${nodes}",
    "      start: ${start}",
    "",
  ].join("\n");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^outputs:/m, `${extra}outputs:`));
}

/**
 * YAML has no length function and reads no field of a union: its program outputs the list,
 * the template and the policy's configuration, counted and read here.
 */
function normalisedOutputs(outputs: Record<string, unknown>): Record<string, unknown> {
  const { policies, template, policyConfiguration, ...rest } = outputs;
  if (!Array.isArray(policies) || typeof template !== "string") return outputs;
  const lookedUpPolicyLimit = (policyConfiguration as { limit?: number }).limit;
  return { ...rest, policyCount: policies.length, templateLength: template.length, lookedUpPolicyLimit };
}
const HOOK_TOKEN = "hook-token-7c1d9e0b5a";

/**
 * The steps a suite may leave out, each an engine run or more: the preview of an invalid input,
 * the no-op up, the one-field update, drift found by refresh and put right, the import by id,
 * destroy on the three tenants.
 */
export type Step = "invalid input" | "no-op up" | "update" | "drift" | "import" | "destroy";
export const EVERY_STEP: readonly Step[] = ["invalid input", "no-op up", "update", "drift", "import", "destroy"];

/** The scenario for the program of `language` (test/e2e/languages/<language>), with `steps` beside the up. */
export function describeLanguage(language: Language, steps: readonly Step[] = EVERY_STEP): void {
  jest.setTimeout(E2E_TIMEOUT_MS);
  describe(`a ${language} program through the plugin`, () => scenarioOf(language, new Set(steps)));
}

function scenarioOf(language: Language, steps: ReadonlySet<Step>): void {
  /** `test`, when the suite runs `step`. */
  const stepTest = (step: Step, name: string, fn: () => Promise<void>) => {
    if (steps.has(step)) test(name, fn);
  };
  let ctx: E2eContext;
  let other: TenantServer;
  let otherApi: TenantApi;
  /** The tenant of the second explicit provider. */
  let third: TenantServer;
  let thirdApi: TenantApi;
  let outputs: Record<string, unknown> = {};
  let engineOutput = "";
  let scratch: string;

  beforeAll(async () => {
    const { pythonVenv } = ensureLanguages();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), `tenant-${language}-`));
    const pythonPath = language === "python" ? installPythonSdk(pythonVenv, scratch) : "";
    other = await startTenantServer({ port: 0, logger: false });
    otherApi = new TenantApi(other);
    third = await startTenantServer({ port: 0, logger: false });
    thirdApi = new TenantApi(third);
    ctx = await startE2e({
      programDir: language === "yaml" ? yamlProgram(scratch) : path.join(__dirname, "languages", language),
      stackName: `languages-${language}`,
      config: {
        hookToken: { value: HOOK_TOKEN, secret: true },
        otherDomain: { value: other.url },
        otherClientId: { value: other.credentials.clientId },
        otherClientSecret: { value: other.credentials.clientSecret, secret: true },
        thirdDomain: { value: third.url },
        thirdClientId: { value: third.credentials.clientId },
        thirdClientSecret: { value: third.credentials.clientSecret, secret: true },
      },
      env: { PATH: path.join(pythonVenv, "bin"), PYTHONPATH: pythonPath },
    });
  });
  afterAll(async () => {
    await ctx?.dispose();
    await other?.close();
    await third?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  stepTest("invalid input", "preview names the invalid input and writes nothing", async () => {
    await ctx.stack.setConfig("formName", { value: "x".repeat(151) });
    const run = await recordRun(ctx.stack, "preview");
    expect(run.ok).toBe(false);
    // The engine names the resource and the property with the reason.
    expect(errorsOf(run).join("\n")).toMatch(/signup.*\n?.*name.*too long, maximum 150/s);
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
    await ctx.stack.removeConfig("formName");
  });

  test("up makes every kind on the default tenant and a form on each of two explicit providers' tenants; every lookup answers", async () => {
    const up = await ctx.stack.up({ onOutput: (text) => (engineOutput += text) });
    expect(up.summary.result).toBe("succeeded");
    outputs = normalisedOutputs(
      Object.fromEntries(Object.entries(up.outputs).map(([key, value]) => [key, value.value])),
    );
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${outputs.formId}`)).body.name).toBe("Sign-up");
    expect((await ctx.api.call<{ name: string }>("GET", `/event-streams/${outputs.streamId}`)).body.name).toBe(
      "audit-log",
    );
    // The API answers the template as `body` (it is sent as `template`).
    expect((await ctx.api.call<{ body: string }>("GET", "/branding/templates/universal-login")).body.body).toBe(
      scenario.template,
    );
    expect((await ctx.api.call("GET", `/rate-limit-policies/${outputs.policyId}`)).status).toBe(200);
    // Each explicit provider's form is on its own tenant only.
    expect((await otherApi.call<{ name: string }>("GET", `/forms/${outputs.otherFormId}`)).body.name).toBe(
      "Other sign-up",
    );
    expect((await thirdApi.forms()).map((form) => form.name)).toEqual(["Third sign-up"]);
    expect((await otherApi.forms()).map((form) => form.name)).toEqual(["Other sign-up"]);
    expect((await ctx.api.forms()).map((form) => form.name)).toEqual(["Sign-up"]);
    expect(outputs).toMatchObject({
      lookedUpFormName: "Sign-up",
      lookedUpStreamStatus: "enabled",
      lookedUpPolicyLimit: 100,
      policyCount: 1,
      templateLength: scenario.template.length,
      otherFormName: "Other sign-up",
      thirdFormName: "Third sign-up",
    });
  });

  stepTest("no-op up", "a second up changes nothing and writes nothing to either tenant", async () => {
    ctx.server.counters.reset();
    other.counters.reset();
    third.counters.reset();
    const again = await ctx.stack.up({ onOutput: (text) => (engineOutput += text) });
    expect(Object.keys(again.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
    expect(writesIn(other.counters.snapshot())).toBe(0);
    expect(writesIn(third.counters.snapshot())).toBe(0);
  });

  stepTest("update", "a changed input updates in place", async () => {
    await ctx.stack.setConfig("formName", { value: "Join" });
    const renamed = await ctx.stack.up({ onOutput: (text) => (engineOutput += text) });
    expect(renamed.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${outputs.formId}`)).body.name).toBe("Join");
  });

  stepTest("drift", "refresh reports drift made outside Pulumi, and up puts it right", async () => {
    // The program's name: "Join" after the update step, "Sign-up" without it.
    const coded = steps.has("update") ? "Join" : "Sign-up";
    const edited = await ctx.api.call("PATCH", `/forms/${outputs.formId}`, { name: "Edited by hand" });
    expect(edited.status).toBe(200);
    const refresh = await ctx.stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    const preview = await ctx.stack.preview();
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    await ctx.stack.up();
    expect((await ctx.api.call<{ name: string }>("GET", `/forms/${outputs.formId}`)).body.name).toBe(coded);
  });

  test("secrets are absent from the state and from the engine's output; a component secret is secret alone", async () => {
    const state = rawStateText(ctx);
    const captchaSecret = scenario.form.nodes[0]!.config.components[1]!.config.secretKey!;
    // The captcha's secretKey is a plain string in every program: the plugin seals it.
    for (const secret of [
      HOOK_TOKEN,
      captchaSecret,
      ctx.server.credentials.clientSecret,
      other.credentials.clientSecret,
      third.credentials.clientSecret,
    ]) {
      expect(state).not.toContain(secret);
      expect(engineOutput).not.toContain(secret);
    }
    const { deployment } = await ctx.stack.exportStack();
    const resources = (deployment as { resources: { urn: string; outputs?: Record<string, unknown> }[] }).resources;
    const form = resources.find((r) => r.urn.endsWith("tenant:index:Form::signup"))!;
    const nodes = form.outputs!.nodes as { config: { components: { config: Record<string, unknown> }[] } }[];
    expect(Array.isArray(nodes)).toBe(true);
    const [email, captcha] = nodes[0]!.config.components;
    expect(email).toMatchObject({ type: "EMAIL" });
    // The state holds the package schema's names (what every SDK shows), not the API's.
    expect(captcha!.config.siteKey).toBe("6LcScenarioSiteKey01");
    expect(captcha!.config.secretKey).toHaveProperty(["4dabf18193072939515e22adb298388d"]);
    expect(captcha!.config).not.toHaveProperty("secret_key");
  });

  stepTest(
    "import",
    "pulumi import adopts a form by id, and the matching program then previews no change",
    async () => {
      // The scenario is in the package schema's names; the API takes its own.
      const apiForm = renameResource("form", { ...scenario.form, name: "Imported" }, "toWire");
      const made = await ctx.api.call<{ id: string }>("POST", "/forms", apiForm);
      expect(made.status).toBe(201);
      const imported = await ctx.stack.import({
        resources: [{ type: "tenant:index:Form", name: "extra", id: made.body.id }],
        generateCode: false,
        protect: false,
      });
      expect(imported.summary.result).toBe("succeeded");
      if (language === "yaml") addExtraFormToYaml((ctx.stack.workspace as LocalWorkspace).workDir);
      else await ctx.stack.setConfig("extraFormName", { value: "Imported" });
      await ctx.stack.preview({ expectNoChanges: true });
    },
  );

  stepTest("destroy", "destroy deletes everything on all three tenants", async () => {
    const destroyed = await ctx.stack.destroy();
    expect(destroyed.summary.result).toBe("succeeded");
    expect(await ctx.api.forms()).toEqual([]);
    expect(await ctx.api.eventStreams()).toEqual([]);
    expect(await ctx.api.hasTemplate()).toBe(false);
    expect((await ctx.api.call("GET", `/rate-limit-policies/${outputs.policyId}`)).status).toBe(404);
    expect((await otherApi.call("GET", `/forms/${outputs.otherFormId}`)).status).toBe(404);
    expect((await thirdApi.call("GET", `/forms/${outputs.thirdFormId}`)).status).toBe(404);
  });
}
