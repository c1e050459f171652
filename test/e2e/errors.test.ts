/**
 * One clear error per failure, through the real Pulumi engine: `pulumi preview` with a
 * missing domain, a wrong domain (a 404 token endpoint), a wrong secret, a silent host
 * (accepts connections, never answers), a failing lookup, a 100 KB template without its
 * tags, and a refresh against a tenant that went away. For each: the engine reports the
 * full message exactly once (one diagnostic event; once in the output's Diagnostics
 * section — the progress display also shows a resource's latest error on its status
 * line), with no stack trace, no dumped error object, no `PromiseRejectionHandledWarning`,
 * and the silent host fails within the bound of its settings.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { startTenantServer, type TenantServer } from "../../server/index";
import { startPlainServer, startSilentHost } from "./hosts";
import { E2E_TIMEOUT_MS, setScenario, startE2e, type E2eContext } from "./harness";

jest.setTimeout(E2E_TIMEOUT_MS);

const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** What one engine operation printed and reported. */
interface Run {
  ok: boolean;
  output: string;
  events: EngineEvent[];
  seconds: number;
}

/** The error diagnostics of a run (their messages). */
const errorsOf = (run: Run) =>
  run.events
    .map((event) => event.diagnosticEvent)
    .filter((d) => d?.severity === "error")
    .map((d) => d!.message);

/** How often `text` occurs in `haystack`. */
const count = (haystack: string, text: string) => haystack.split(text).length - 1;

/** The part of the output after "Diagnostics:" (the engine's summary of every diagnostic). */
const diagnosticsSection = (output: string) => output.slice(output.indexOf("Diagnostics:"));

/** The full message, once: in one diagnostic event and once in the Diagnostics section; no noise anywhere. */
function expectOnce(run: Run, message: string | RegExp): string {
  expect(run.ok).toBe(false);
  const noise = [/^\s+at /m, /PromiseRejectionHandledWarning/, /\[90m/, /Error \{|target: \{|problem: '/];
  for (const pattern of noise) expect(run.output).not.toMatch(pattern);
  for (const event of run.events) for (const pattern of noise) expect(JSON.stringify(event)).not.toMatch(pattern);
  const full = typeof message === "string" ? message : (run.output.match(message) ?? [""])[0];
  expect(full).not.toBe("");
  expect(errorsOf(run).filter((text) => text.includes(full))).toHaveLength(1);
  expect(count(diagnosticsSection(run.output), full)).toBe(1);
  return full;
}

describe("one clear error per failure", () => {
  let ctx: E2eContext;
  let notATenant: Awaited<ReturnType<typeof startPlainServer>>;
  let notATenantUrl: string;
  let silent: Awaited<ReturnType<typeof startSilentHost>>;

  /** Runs `operation` of the stack, recording output and events; a failure is recorded, not thrown. */
  const record = async (operation: "preview" | "up" | "refresh"): Promise<Run> => {
    const events: EngineEvent[] = [];
    let output = "";
    const started = Date.now();
    const opts = {
      onOutput: (text: string) => {
        output += text;
      },
      onEvent: (event: EngineEvent) => {
        events.push(event);
      },
    };
    let ok = true;
    try {
      await ctx.stack[operation](opts);
    } catch {
      ok = false;
    }
    return { ok, output, events, seconds: (Date.now() - started) / 1000 };
  };

  /** Sets the tenant settings of the stack (undefined removes a key). */
  const settings = async (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) await ctx.stack.removeConfig(`tenant:${key}`);
      else await ctx.stack.setConfig(`tenant:${key}`, { value, secret: key === "clientSecret" });
    }
  };

  beforeAll(async () => {
    ctx = await startE2e({
      stackName: "errors",
      config: { hookPassword: { value: "hook-pa55word-errors-7Tq", secret: true } },
    });
    await setScenario(ctx.stack, { formCount: 2, streamCount: 1, template: TEMPLATE });
    // Any web server that is not a tenant: 404 for everything.
    notATenant = await startPlainServer(404, "<html><body>Not Found</body></html>");
    notATenantUrl = notATenant.url;
    silent = await startSilentHost();
  });

  afterAll(async () => {
    await ctx?.dispose();
    await notATenant?.close();
    await silent?.close();
  });

  test("a missing tenant:domain: what to set, once", async () => {
    await settings({ domain: undefined });
    const run = await record("preview");
    expectOnce(
      run,
      "The tenant provider is not configured: missing tenant:domain. Set it with " +
        "`pulumi config set tenant:domain <my-tenant.eu.auth0.com or http://host:port>` (or the environment variable AUTH0_DOMAIN).",
    );
    expect(errorsOf(run)[0]).toMatch(
      /^pulumi-nodejs:dynamic\/tenant:\w+ resource '[\w-]+' has a problem: The tenant provider is not configured/,
    );
  });

  test("a wrong domain (the token endpoint answers 404): check tenant:domain, once", async () => {
    await settings({ domain: notATenantUrl });
    expectOnce(
      await record("preview"),
      `Could not get an access token: ${notATenantUrl}/oauth/token answered 404 (not found), ` +
        `so tenant:domain "${notATenantUrl}" does not lead to a tenant. Check tenant:domain (or AUTH0_DOMAIN): the tenant's domain ` +
        "(my-tenant.eu.auth0.com) or the origin of a tenant server (http://127.0.0.1:4010).",
    );
  });

  test("a wrong client secret (401): check the client id and secret, once, and no secret printed", async () => {
    const wrong = `${ctx.server.credentials.clientSecret}-wrong`;
    await settings({ domain: ctx.server.url, clientSecret: wrong });
    const run = await record("preview");
    expectOnce(
      run,
      `Could not get an access token: the token endpoint ${ctx.server.url}/oauth/token refused client ` +
        `${ctx.server.credentials.clientId} (401 invalid_client: Client authentication failed). Check tenant:clientId (or AUTH0_CLIENT_ID) ` +
        "and tenant:clientSecret (or AUTH0_CLIENT_SECRET) (`pulumi config set --secret tenant:clientSecret -- <client secret>`).",
    );
    expect(run.output).not.toContain(wrong);
  });

  test("a failing lookup in the program and the resources of its tenant: the message once in all, no stack, no warning", async () => {
    const wrong = `${ctx.server.credentials.clientSecret}-wrong`;
    await settings({ domain: ctx.server.url, clientSecret: wrong });
    await setScenario(ctx.stack, {
      formCount: 2,
      streamCount: 1,
      template: TEMPLATE,
      policyId: "rlp_2Nf7qL3mXcVbT8wRyK1pD",
    });
    try {
      const run = await record("preview");
      const full = `Could not get an access token: the token endpoint ${ctx.server.url}/oauth/token refused client ${ctx.server.credentials.clientId}`;
      // The program's resources of the same tenant meet the same refusal in the provider's check, which reports it
      // in full; the lookup waits for that check, so the failure is told once in all, as one line.
      for (const pattern of [
        /^\s+at /m,
        /PromiseRejectionHandledWarning/,
        /unhandled exception/,
        /UnauthorizedError/,
        /problem: '/,
      ]) {
        expect(run.output).not.toMatch(pattern);
      }
      expect(run.ok).toBe(false);
      const carrying = errorsOf(run).filter((text) => text.includes(full));
      expect(carrying).toHaveLength(1);
      expect(carrying[0]).toMatch(new RegExp(`${full.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} \\(401 invalid_client`));
    } finally {
      await setScenario(ctx.stack, { formCount: 2, streamCount: 1, template: TEMPLATE });
      await settings({ clientSecret: ctx.server.credentials.clientSecret });
    }
  });

  test("a template without its tags (100 KB): the field and the fix, never the template", async () => {
    await settings({ domain: ctx.server.url, clientSecret: ctx.server.credentials.clientSecret });
    await setScenario(ctx.stack, { formCount: 1, streamCount: 1, template: `<html>${"x".repeat(100_000)}</html>` });
    try {
      const run = await record("preview");
      expectOnce(
        run,
        "pulumi-nodejs:dynamic/tenant:LoginTemplate resource 'login' has a problem: template: The template must contain the tag {%- auth0:head -%}",
      );
      expect(run.output).not.toContain("x".repeat(100));
      expect(run.output.length).toBeLessThan(5_000);
    } finally {
      await setScenario(ctx.stack, { formCount: 2, streamCount: 1, template: TEMPLATE });
    }
  });

  test("a host that accepts connections and never answers: fails within tenant:timeoutSeconds × (tenant:maxRetries + 1), saying what it waited for", async () => {
    await settings({ domain: silent.url, timeoutSeconds: "1", maxRetries: "0" });
    const quick = await record("preview");
    expectOnce(
      quick,
      `Could not get an access token: no answer from ${silent.url} to POST /oauth/token within 1 s (1 attempt). ` +
        "Check tenant:domain (or AUTH0_DOMAIN) and the network, or raise tenant:timeoutSeconds / tenant:maxRetries.",
    );
    expect(quick.seconds).toBeLessThan(15);
  });

  // With the default settings the same host fails after 3 attempts of 10 s (about 30 s): the
  // defaults are the client's (test/provider/client.test.ts, "the waits come from the settings"),
  // the test above shows the engine's provider taking its settings, and the next one the engine's
  // provider on the defaults (3 attempts); waiting the 30 s through the engine would check nothing more.

  test("a refresh against a tenant that went away: once in full, pointers for the rest, no stack trace", async () => {
    const gone: TenantServer = await startTenantServer({ port: 0, logger: false });
    try {
      await settings({
        domain: gone.url,
        clientId: gone.credentials.clientId,
        clientSecret: gone.credentials.clientSecret,
        timeoutSeconds: undefined,
        maxRetries: undefined,
      });
      const up = await record("up");
      expect(up.ok).toBe(true);
      const origin = gone.url;
      await gone.close();
      const run = await record("refresh");
      const full = expectOnce(
        run,
        new RegExp(
          `Could not get an access token: nothing accepts connections at ${origin.replace(/[.:/]/g, "\\$&")} ` +
            "\\(connection refused, 3 attempts over [0-9.]+ s\\)\\. Check tenant:domain \\(or AUTH0_DOMAIN\\) and that the tenant is reachable from here\\.",
        ),
      );
      // The other resources of the run point to it instead of repeating it.
      console.log(`refresh errors:\n${errorsOf(run).join("")}`);
      const pointers = errorsOf(run).filter((text) => text.startsWith("Not attempted: could not get an access token:"));
      expect(
        errorsOf(run).filter(
          (text) => !text.includes(full) && !pointers.includes(text) && !/^(refresh|update) failed/.test(text),
        ),
      ).toEqual([]);
    } finally {
      await gone.close();
    }
  });
});
