/**
 * Brownfield round trip, through the real CLI and engine: a tenant configured by hand
 * (test/fixtures/realistic-tenant.ts) → `pulumi-tenant generate` → the generated program
 * type-checks → `pulumi preview` plans only adoptions, each with no change → `pulumi up`
 * adopts every object with 0 writes → the next preview (and a refresh preview) shows no
 * change. Then every lookup, promise and Output forms, in a program against that tenant.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
import { ACTION_TRIGGER_IDS } from "../../api/kinds/action/triggers";
import { PARTIAL_PROMPTS, PROMPT_NAMES } from "../../api/prompt-names";
import { startTenantServer, type TenantServer } from "../../server/index";
import { ensurePulumiCli, openStack, pulumiEnv, REPO_ROOT, type PulumiPlace } from "../../scripts/lib/pulumi";
import { FORM_COMPONENT_SECRET_VALUES, seedRealisticTenant, type SeededTenant } from "../fixtures/realistic-tenant";
import { E2E_TIMEOUT_MS, runPrintedSecretLines, writesIn } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);
const run = promisify(execFile);

import { providerVersion } from "../../provider/cli/generate/command";

const CLI = path.join(REPO_ROOT, "provider", "dist", "provider", "cli", "index.js");

/** A program folder outside the repository that resolves `pulumi-tenant` and `@pulumi/pulumi` to this checkout. */
function linkModules(dir: string): void {
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
}

async function previewText(stack: Stack, options: { refresh?: boolean } = {}) {
  const lines: string[] = [];
  const result = await stack.preview({ ...options, onOutput: (text) => lines.push(text) });
  return { result, text: lines.join("") };
}

let server: TenantServer;
let seeded: SeededTenant;
let tmp: string;
let binDir: string;

beforeAll(async () => {
  binDir = ensurePulumiCli();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-generate-"));
  server = await startTenantServer({ port: 0, logger: false });
  seeded = await seedRealisticTenant(server);
});

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a program generated from a hand-made tenant", () => {
  const out = () => path.join(tmp, "my-tenant");
  const place = (): PulumiPlace => ({
    stateDir: path.join(tmp, "state"),
    homeDir: path.join(tmp, "home"),
    passphrase: "generate-e2e",
  });
  let stdout = "";
  let stack: Stack;
  const objects = () => seeded.forms.length + seeded.eventStreams.length + 1 + seeded.rateLimitPolicies.length;

  test("generate reads the tenant with its list pages and one GET per form, and writes nothing", async () => {
    process.stdout.write(
      `router rules seeded ${seeded.routerConditions ? "with" : "WITHOUT"} conditions (server schema)\n`,
    );
    server.counters.reset();
    const result = await run(process.execPath, [
      CLI,
      "generate",
      "--out",
      out(),
      "--domain",
      server.url,
      "--client-id",
      server.credentials.clientId,
      "--client-secret",
      server.credentials.clientSecret,
    ]);
    stdout = result.stdout;
    const counters = server.counters.snapshot();
    expect(writesIn(counters)).toBe(0);
    expect(counters).toEqual({
      "POST /oauth/token": 1,
      "GET /api/v2/forms": 1,
      "GET /api/v2/forms/:id": seeded.forms.length,
      "GET /api/v2/event-streams": 1,
      "GET /api/v2/branding/templates/universal-login": 1,
      "GET /api/v2/rate-limit-policies": 1,
      // The login page's look: the settings, the theme, the tenant's languages, every prompt's texts in each
      // (English alone here) and every prompt's partials that takes them.
      "GET /api/v2/branding": 1,
      "GET /api/v2/branding/themes/default": 1,
      "GET /api/v2/prompts": 1,
      "GET /api/v2/tenants/settings": 1,
      "GET /api/v2/prompts/:prompt/custom-text/:language": PROMPT_NAMES.length,
      "GET /api/v2/prompts/:prompt/partials": PARTIAL_PROMPTS.length,
      // The fixture holds no flow and no connection: one (empty) list page each.
      "GET /api/v2/flows": 1,
      "GET /api/v2/flows/vault/connections": 1,
      "GET /api/v2/actions/actions": 1,
      // A trigger's bindings: one GET per trigger (the tenant has no list of every trigger's).
      // Not event-stream, custom-token-exchange or password-hash-migration: the service lists none of theirs.
      "GET /api/v2/actions/triggers/:triggerId/bindings": ACTION_TRIGGER_IDS.length - 3,
    });
    expect(result.stderr).toContain(`generate: forms: ${seeded.forms.length} of ${seeded.forms.length} listed`);
    expect(fs.readdirSync(out()).sort()).toEqual([
      ".gitignore",
      ".tenant-secrets",
      "Pulumi.yaml",
      "README.md",
      "adopt.json",
      "index.ts",
      "login.html",
      "package.json",
      // Run from a checkout, not a registry's install: the package is packed beside the program.
      `pulumi-tenant-${providerVersion()}.tgz`,
      "tsconfig.json",
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(out(), "package.json"), "utf8")).dependencies["pulumi-tenant"]).toBe(
      `file:pulumi-tenant-${providerVersion()}.tgz`,
    );
    expect(fs.readFileSync(path.join(out(), "login.html"), "utf8")).toBe(seeded.template);
    const index = fs.readFileSync(path.join(out(), "index.ts"), "utf8");
    // Each object's id is in adopt.json under its resource's name, which adopts it by that name; none in the code.
    const record = JSON.parse(fs.readFileSync(path.join(out(), "adopt.json"), "utf8")) as {
      tenant: string;
      ids: Record<string, string>;
    };
    expect(record.tenant).toBe(new URL(server.url).origin);
    const seededIds = [...seeded.forms, ...seeded.eventStreams, ...seeded.rateLimitPolicies].map((object) => object.id);
    expect(Object.values(record.ids).sort()).toEqual([...seededIds].sort());
    for (const [name, id] of Object.entries(record.ids)) {
      expect(index).toContain(`const ${name} = new tenant.`);
      expect(index).toMatch(new RegExp(`"${name}", \\{\\s*adoptId: adopt\\.id\\("${name}"\\),`));
      expect(index).not.toContain(id);
    }
    // No secret value in the program: webhook secrets are unknown, component secrets come from config.
    for (const secret of Object.values(seeded.webhookSecrets)) expect(index).not.toContain(secret);
    expect(index).not.toMatch(/6LcRecaptchaSecret|AIzaSyD-gmaps|AIzaSyS-gmaps|sk_test_51Payment|vc-access-token/);
    // All five form component secrets (reCAPTCHA secret_key, Google Maps api_key and server_key, the payment
    // credentials' private_key, verifiable credentials access_token) went to .tenant-secrets/: 5 of 5.
    const secretsDir = path.join(out(), ".tenant-secrets");
    const written = fs.readdirSync(secretsDir).map((name) => fs.readFileSync(path.join(secretsDir, name), "utf8"));
    const componentSecrets = Object.values(FORM_COMPONENT_SECRET_VALUES);
    expect(componentSecrets).toHaveLength(5);
    expect(componentSecrets.filter((value) => written.some((content) => content.includes(value)))).toEqual(
      componentSecrets,
    );
    for (const value of componentSecrets) expect(index).not.toContain(value);
    expect(stdout).toContain("pulumi config set --secret auditWebhookPassword");
  });

  test("the generated index.ts type-checks against the provider's public types", async () => {
    linkModules(out());
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    await expect(
      run(process.execPath, [tsc, "-p", path.join(out(), "tsconfig.json"), "--noEmit"]),
    ).resolves.toBeDefined();
  });

  test("after the printed config lines, pulumi preview plans only adoptions, each with no change", async () => {
    stack = await openStack({
      workDir: out(),
      stackName: "dev",
      binDir,
      place: place(),
      tenant: {
        domain: server.url,
        clientId: server.credentials.clientId,
        clientSecret: server.credentials.clientSecret,
      },
    });
    const env = { ...process.env, ...pulumiEnv(binDir, place()) };
    const secretLines = await runPrintedSecretLines(stack, stdout, out(), env, seeded.webhookSecrets);
    // 5 form component secrets read into .tenant-secrets/ and 3 webhook secrets (write-only, prompted).
    expect(secretLines.filter((line) => line.includes("< .tenant-secrets/"))).toHaveLength(5);
    expect(secretLines).toHaveLength(8);
    const { result, text } = await previewText(stack);
    expect(Object.keys(result.changeSummary).sort()).toEqual(["create"]);
    expect(result.changeSummary.create).toBe(objects() + 1); // + the stack
    // The engine prints each warning twice (as it happens, and in the diagnostics summary).
    const adoptions = new Set(text.match(/adopts the existing [a-z ]+ \w+ .*as it is: no change to it\./g) ?? []);
    expect(adoptions.size).toBe(objects() - 1); // every adoptId; the template has adopt: true instead
    expect(text).not.toMatch(/and changes /);
  });

  // Needs the singleton lifecycle's `create` (provider/lifecycle/singleton.ts) to send no PUT when `adopt: true`
  // and the tenant's template is already the same (today it always PUTs: 1 write).
  test("pulumi up adopts every object with 0 writes to the tenant", async () => {
    server.counters.reset();
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: objects() + 1 });
    const counters = server.counters.snapshot();
    const writes = Object.fromEntries(
      Object.entries(counters).filter(([key]) => /^(POST|PATCH|PUT|DELETE) \/api\/v2\//.test(key)),
    );
    expect(writes).toEqual({});
    expect(writesIn(counters)).toBe(0);
    process.stdout.write(
      `FIGURE generate round trip: ${objects()} objects adopted, ${writesIn(counters)} writes ` +
        `(${Object.entries(counters)
          .map(([key, n]) => `${key} ×${n}`)
          .join(", ")})\n`,
    );
  });

  test("the next preview, and a refresh preview, show no change", async () => {
    const again = await previewText(stack);
    expect(again.result.changeSummary).toEqual({ same: objects() + 1 });
    const refreshed = await previewText(stack, { refresh: true });
    expect(refreshed.result.changeSummary).toEqual({ same: objects() + 1 });
  });
});

/** A program that uses every lookup, written to a folder of its own. */
const LOOKUP_PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const cfg = new pulumi.Config();
const ids = cfg.requireObject<{ form: string; stream: string }>("ids");
const mode = cfg.get("mode") ?? "all";

const all = mode === "all";

export const formById = all ? tenant.getForm({ id: ids.form }).then((form) => form.name) : undefined;
export const formByName = all ? tenant.getFormOutput({ name: "Address & payment" }).apply((form) => form.id) : undefined;
export const formByOutputId = all ? tenant.getFormOutput({ id: pulumi.output(ids.form) }).apply((form) => form.nodes?.length ?? 0) : undefined;
export const streamByName = all ? tenant.getEventStream({ name: "crm-sync" }).then((stream) => [stream.id, stream.status]) : undefined;
export const streamByOutputId = all
  ? tenant.getEventStreamOutput({ id: pulumi.output(ids.stream) }).apply((stream) => stream.destination.type) : undefined;
export const templateLength = all ? tenant.getLoginTemplate().then((login) => login.template.length) : undefined;
export const templateHasWidget = all ? tenant.getLoginTemplateOutput().apply((login) => login.template.includes("auth0:widget")) : undefined;
export const policySelectors = all
  ? tenant.getRateLimitPolicies().then((policies) => policies.map((policy) => policy.consumer_selector).sort()) : undefined;
export const defaultPolicy = all
  ? tenant.getRateLimitPoliciesOutput({ consumer_selector: pulumi.output("default") }).apply((policies) => policies.map((p) => p.id))
  : undefined;
export const ambiguous = mode === "ambiguous" ? tenant.getFormOutput({ name: "Newsletter" }) : undefined;
`;

describe("every lookup in a program", () => {
  let stack: Stack;
  const dir = () => path.join(tmp, "lookups");

  beforeAll(async () => {
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(
      path.join(dir(), "Pulumi.yaml"),
      "name: tenant-lookups\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
    );
    fs.writeFileSync(path.join(dir(), "index.ts"), LOOKUP_PROGRAM);
    linkModules(dir());
    stack = await openStack({
      workDir: dir(),
      stackName: "lookups",
      binDir,
      place: {
        stateDir: path.join(tmp, "lookup-state"),
        homeDir: path.join(tmp, "lookup-home"),
        passphrase: "lookups-e2e",
      },
      tenant: {
        domain: server.url,
        clientId: server.credentials.clientId,
        clientSecret: server.credentials.clientSecret,
      },
      config: { ids: { value: JSON.stringify({ form: seeded.forms[0].id, stream: seeded.eventStreams[3].id }) } },
    });
  });

  test("getForm, getEventStream, getLoginTemplate and getRateLimitPolicies read the tenant, by id and by name", async () => {
    server.counters.reset();
    const up = await stack.up();
    const outputs = Object.fromEntries(
      Object.entries(up.outputs)
        .filter(([, output]) => output.value !== undefined)
        .map(([key, output]) => [key, output.value]),
    );
    const crm = seeded.eventStreams.find((stream) => stream.name === "crm-sync")!;
    expect(outputs).toEqual({
      formById: seeded.forms[0].name,
      formByName: seeded.forms.find((form) => form.name === "Address & payment")!.id,
      formByOutputId: seeded.forms[0].nodes!.length,
      streamByName: [crm.id, "disabled"],
      streamByOutputId: "eventbridge",
      templateLength: seeded.template.length,
      templateHasWidget: true,
      policySelectors: seeded.rateLimitPolicies.map((policy) => policy.consumer_selector).sort(),
      defaultPolicy: [seeded.rateLimitPolicies.find((policy) => policy.consumer_selector === "default")!.id],
    });
    expect(writesIn(server.counters.snapshot())).toBe(0);
  });

  test("a name two forms share fails the preview, and the error lists both ids", async () => {
    await stack.setConfig("mode", { value: "ambiguous" });
    const started = Date.now();
    const failure = await stack.preview().then(
      () => "",
      (error: Error) => error.message,
    );
    const newsletters = seeded.forms.filter((form) => form.name === "Newsletter").map((form) => form.id);
    expect(failure).toContain('2 forms are named "Newsletter"');
    for (const id of newsletters) expect(failure).toContain(id);
    process.stdout.write(
      `FIGURE ambiguous-name lookup failure reported in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });
});
