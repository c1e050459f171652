/**
 * Lookups and resources of another namespace fail in that namespace's words, through the
 * real engine: for each failure kind (tenant server down, silent host, unconfigured
 * namespace, wrong client secret) in `prod`, and for a default-namespace resource waiting on
 * a failing lookup, `pulumi preview` reports the message once, as one line naming the keys
 * the program set (`prod:domain`, never `tenant:domain` for a `prod` lookup, and the other
 * way round), with no dumped error object, raw colour code, stack trace or
 * `PromiseRejectionHandledWarning`.
 */
import * as path from "node:path";
import { startSilentHost } from "./hosts";
import {
  E2E_TIMEOUT_MS,
  errorsOf,
  recordRun,
  setScenario,
  startE2e,
  type E2eContext,
  type RecordedRun,
} from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const PROGRAM_DIR = path.join(__dirname, "trial-program");

const count = (haystack: string, text: string) => haystack.split(text).length - 1;

/** `message` reported once (one error event; once in the Diagnostics section), on one line, with no noise. */
function expectOnce(run: RecordedRun, message: string, wrongNamespace?: string): void {
  expect(run.ok).toBe(false);
  const noise = [/^\s+at /m, /PromiseRejectionHandledWarning/, /\[\d+m/, /Error \{|target: \{|problem: '/];
  for (const pattern of noise) expect(run.output).not.toMatch(pattern);
  const carrying = errorsOf(run).filter((text) => text.includes(message));
  expect(carrying).toHaveLength(1);
  expect(carrying[0].trim().split("\n")).toHaveLength(1);
  expect(count(run.output.slice(run.output.indexOf("Diagnostics:")), message)).toBe(1);
  const keys = "domain|clientId|clientSecret|apiToken|timeoutSeconds|maxRetries";
  if (wrongNamespace) expect(run.output).not.toMatch(new RegExp(`\\b${wrongNamespace}:(${keys})`));
}

describe("every lookup and resource error names the namespace the program used, once", () => {
  let ctx: E2eContext;
  let silent: Awaited<ReturnType<typeof startSilentHost>>;

  const preview = () => recordRun(ctx.stack, "preview");

  /** Sets (or with undefined removes) settings of `namespace`. */
  const settings = async (namespace: string, values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) await ctx.stack.removeConfig(`${namespace}:${key}`);
      else await ctx.stack.setConfig(`${namespace}:${key}`, { value, secret: key === "clientSecret" });
    }
  };
  const good = () => ({
    domain: ctx.server.url,
    clientId: ctx.server.credentials.clientId,
    clientSecret: ctx.server.credentials.clientSecret,
    timeoutSeconds: undefined,
    maxRetries: undefined,
  });

  beforeAll(async () => {
    ctx = await startE2e({ programDir: PROGRAM_DIR, stackName: "trial-errors" });
    silent = await startSilentHost();
  });

  afterAll(async () => {
    await ctx?.dispose();
    await silent?.close();
  });

  test("an unconfigured namespace: the lookups name prod's keys, once", async () => {
    await setScenario(ctx.stack, { lookups: { tenant: "prod", formName: "Sign-up" } });
    const run = await preview();
    expectOnce(
      run,
      'The tenant provider has no settings for tenant "prod": missing prod:domain, prod:clientId, prod:clientSecret. ' +
        "Set them with `pulumi config set prod:domain <my-tenant.eu.auth0.com or http://host:port>`",
      "tenant",
    );
  });

  test("a tenant server that is down: the lookups and a resource name prod:domain, once", async () => {
    const { url } = await startSilentHost().then(async (host) => {
      await host.close(); // A port nothing listens on any more.
      return host;
    });
    await settings("prod", { ...good(), domain: url, maxRetries: "0" });
    await setScenario(ctx.stack, {
      lookups: { tenant: "prod", formName: "Sign-up" },
      forms: [{ key: "prodForm", name: "Sign-up", tenant: "prod" }],
    });
    const run = await preview();
    expectOnce(
      run,
      `Could not get an access token: nothing accepts connections at ${url} (connection refused, 1 attempt). ` +
        "Check prod:domain and that the tenant is reachable from here.",
      "tenant",
    );
  });

  test("a silent host: fails within prod:timeoutSeconds and says so in prod's words, once", async () => {
    await settings("prod", { ...good(), domain: silent.url, timeoutSeconds: "1", maxRetries: "0" });
    await setScenario(ctx.stack, { lookups: { tenant: "prod", formName: "Sign-up" } });
    const started = Date.now();
    const run = await preview();
    expectOnce(
      run,
      `Could not get an access token: no answer from ${silent.url} to POST /oauth/token within 1 s (1 attempt). ` +
        "Check prod:domain and the network, or raise prod:timeoutSeconds / prod:maxRetries.",
      "tenant",
    );
    expect((Date.now() - started) / 1000).toBeLessThan(40);
  });

  test("a wrong client secret in prod: the lookups and the resources of prod report it once", async () => {
    const wrong = `${ctx.server.credentials.clientSecret}-wrong`;
    await settings("prod", { ...good(), clientSecret: wrong });
    await setScenario(ctx.stack, {
      lookups: { tenant: "prod", formName: "Sign-up" },
      forms: [{ key: "prodForm", name: "Sign-up", tenant: "prod" }],
    });
    const run = await preview();
    expectOnce(
      run,
      `Could not get an access token: the token endpoint ${ctx.server.url}/oauth/token refused client ` +
        `${ctx.server.credentials.clientId} (401 invalid_client: Client authentication failed). Check prod:clientId ` +
        "and prod:clientSecret (`pulumi config set --secret prod:clientSecret -- <client secret>`).",
      "tenant",
    );
    expect(run.output).not.toContain(wrong);
  });

  // A wrong client secret in the default namespace, told once in tenant's words (with the lookups and resources of
  // that tenant): errors.test.ts › "a wrong client secret (401): …" (the full message, no secret printed) and "a
  // failing lookup in the program and the resources of its tenant: …".

  test("a resource whose input needs the failing lookup: the failure once, in tenant's words, without waiting", async () => {
    await settings("prod", { domain: undefined, clientId: undefined, clientSecret: undefined });
    await settings("tenant", { ...good(), clientSecret: `${ctx.server.credentials.clientSecret}-wrong` });
    await setScenario(ctx.stack, { lookups: { dependent: true } });
    const started = Date.now();
    const run = await preview();
    expectOnce(
      run,
      `refused client ${ctx.server.credentials.clientId} (401 invalid_client: Client authentication failed)`,
      "prod",
    );
    expect((Date.now() - started) / 1000).toBeLessThan(30);
  });
});
