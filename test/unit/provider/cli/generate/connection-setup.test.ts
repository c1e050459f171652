/**
 * `generate` and a vault connection's setup: write-only, so which of its app's setups is in
 * use cannot be read; the program reads it typed as that app's setups, and the README and the
 * `pulumi config set` lines offer that app's setups and fields only.
 */
import { modelOf } from "../../../../../provider/cli/generate/model";
import { buildPluginProgram } from "../../../../../provider/cli/generate/plugin-program";
import { secretLines } from "../../../../../provider/cli/generate/secret-setup";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import type { TenantSnapshot } from "../../../../../provider/cli/generate/snapshot";

const ID = "ac_AAAAAAAAAAAAAAAAAAAAAA";
const snapshot = (app_id: string): TenantSnapshot =>
  ({
    domain: "acme.example.com",
    notes: [],
    objects: {
      flowVaultConnection: [
        { id: ID, name: "crm", app_id, ready: true, fingerprint: "f", created_at: "2026-11-01T00:00:00.000Z" },
      ],
    },
  }) as unknown as TenantSnapshot;
const options = {
  projectName: "acme",
  providerVersion: "0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-27T00:00:00Z"),
};

describe("generate: a vault connection's setup", () => {
  it("an HTTP connection is offered the four HTTP setups, and no other app's fields", () => {
    const { secrets } = modelOf(snapshot("HTTP"));
    expect(secrets).toHaveLength(1);
    const [setup] = secrets;
    expect(setup!.description).toContain(
      "one of the HTTP setups (BEARER, BASIC_AUTH, API_KEY, OAUTH_CLIENT_CREDENTIALS",
    );
    expect(setup!.object!.examples.map((example) => (example as { type: string }).type)).toEqual([
      "BEARER",
      "BASIC_AUTH",
      "API_KEY",
      "OAUTH_CLIENT_CREDENTIALS",
    ]);
    expect(setup!.object!.examples).toContainEqual({ type: "API_KEY", name: "<name>", value: "<value>", in: "HEADER" });
    const lines = secretLines(secrets).join("\n");
    expect(lines).toContain(`--path ${setup!.name}.type BEARER`);
    expect(lines).toContain(`--path ${setup!.name}.token`);
    for (const other of ["api_key", "base_url", "OAUTH_JWT", "OAUTH_CODE", "WEBHOOK"])
      expect(lines).not.toContain(other);
    const program = buildProgram(snapshot("HTTP"), options);
    expect(program.files["index.ts"]).toContain(
      `setup: cfg.requireSecretObject<tenant.HttpConnectionSetup>("${setup!.name}")`,
    );
    // The plugin's TypeScript SDK has no such type: read untyped there; its README offers HTTP's setups too.
    const plugin = buildPluginProgram(snapshot("HTTP"), { ...options, language: "typescript" });
    expect(plugin.files["index.ts"]).toContain(`setup: cfg.requireSecretObject<any>("${setup!.name}")`);
    for (const readme of [program.files["README.md"]!, plugin.files["README.md"]!]) {
      expect(readme).toContain('{"type":"BASIC_AUTH","username":"<username>"}');
      for (const other of ["OAUTH_JWT", "OAUTH_CODE", "base_url", "WEBHOOK"]) expect(readme).not.toContain(other);
    }
  });

  it("a Slack connection is offered a webhook or an OAuth code, read as Slack's setups", () => {
    const { secrets } = modelOf(snapshot("SLACK"));
    expect(secrets[0]!.object!.examples.map((example) => (example as { type: string }).type)).toEqual([
      "WEBHOOK",
      "OAUTH_CODE",
    ]);
    expect(buildProgram(snapshot("SLACK"), options).files["index.ts"]).toContain(
      "cfg.requireSecretObject<tenant.SlackConnectionSetup>",
    );
  });
});
