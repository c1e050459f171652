/** Provider settings: config keys per namespace, environment fallbacks, bounded waits, messages naming the keys to set. */
import { ConfigurationError } from "../../../../provider/client/errors";
import {
  configKeys,
  originOf,
  readSettingsInput,
  resetCredentialWarnings,
  resolveSettings,
} from "../../../../provider/client/settings";
import { warningsSent } from "../../../../provider/diagnostics";

describe("settings", () => {
  it("a plain domain means https and the standard audience", () => {
    const settings = resolveSettings({ domain: "my-tenant.eu.auth0.com", clientId: "id", clientSecret: "secret" });
    expect(settings).toMatchObject({
      namespace: "tenant",
      origin: "https://my-tenant.eu.auth0.com",
      apiBaseUrl: "https://my-tenant.eu.auth0.com/api/v2",
      tokenUrl: "https://my-tenant.eu.auth0.com/oauth/token",
      audience: "https://my-tenant.eu.auth0.com/api/v2/",
    });
  });

  it("a full origin is kept, with its port", () => {
    expect(originOf("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010");
    expect(resolveSettings({ domain: "http://127.0.0.1:4010", apiToken: "t" }).audience).toBe(
      "http://127.0.0.1:4010/api/v2/",
    );
  });

  it("stack config wins over the environment, which fills the gaps", () => {
    const config: Record<string, string> = { "tenant:domain": "a.example.com" };
    const input = readSettingsInput((key) => config[key], {
      AUTH0_DOMAIN: "b.example.com",
      AUTH0_CLIENT_ID: "env-id",
      AUTH0_CLIENT_SECRET: "env-secret",
    });
    expect(input).toEqual({
      domain: "a.example.com",
      clientId: "env-id",
      clientSecret: "env-secret",
      apiToken: undefined,
      audience: undefined,
      timeoutSeconds: undefined,
      maxRetries: undefined,
    });
  });

  it("another namespace reads its own keys and never the AUTH0_* variables", () => {
    const config: Record<string, string> = {
      "prod:domain": "prod.example.com",
      "prod:clientId": "prod-id",
      "tenant:clientSecret": "default-secret",
    };
    const env = { AUTH0_CLIENT_SECRET: "env-secret", AUTH0_TIMEOUT_SECONDS: "3" };
    expect(configKeys("prod")).toMatchObject({
      domain: "prod:domain",
      clientSecret: "prod:clientSecret",
      timeoutSeconds: "prod:timeoutSeconds",
    });
    expect(readSettingsInput((key) => config[key], env, "prod")).toEqual({
      domain: "prod.example.com",
      clientId: "prod-id",
      clientSecret: undefined,
      apiToken: undefined,
      audience: undefined,
      timeoutSeconds: undefined,
      maxRetries: undefined,
    });
    expect(readSettingsInput((key) => config[key], env).timeoutSeconds).toBe("3");
  });

  it("waits are bounded by timeoutSeconds and maxRetries: 10 s and 2 by default", () => {
    const base = { domain: "a.example.com", apiToken: "t" };
    expect(resolveSettings(base)).toMatchObject({ timeoutMs: 10_000, maxRetries: 2 });
    expect(resolveSettings({ ...base, timeoutSeconds: "2.5", maxRetries: "0" })).toMatchObject({
      timeoutMs: 2_500,
      maxRetries: 0,
    });
    expect(() => resolveSettings({ ...base, timeoutSeconds: "soon" })).toThrow(
      'tenant:timeoutSeconds (or AUTH0_TIMEOUT_SECONDS) must be a number of seconds from 0.1 to 600, not "soon". ' +
        "Set it with `pulumi config set tenant:timeoutSeconds 10`, or remove it for the default (10).",
    );
    expect(() => resolveSettings({ ...base, maxRetries: "1.5" }, "prod")).toThrow(
      'prod:maxRetries must be a whole number from 0 to 10, not "1.5". Set it with `pulumi config set prod:maxRetries 2`, or remove it for the default (2).',
    );
  });

  it("missing settings name exactly the keys to set, the commands, and no secret", () => {
    expect(() => resolveSettings({})).toThrow(ConfigurationError);
    expect(() => resolveSettings({})).toThrow(
      "The tenant provider is not configured: missing tenant:domain, tenant:clientId, tenant:clientSecret. Set them with " +
        "`pulumi config set tenant:domain <my-tenant.eu.auth0.com or http://host:port>`, `pulumi config set tenant:clientId <client id>`, " +
        "`pulumi config set --secret tenant:clientSecret -- <client secret>` (or `pulumi config set --secret tenant:apiToken -- <token>` " +
        "instead of the client credentials; or the environment variables AUTH0_DOMAIN, AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET).",
    );
    expect(() => resolveSettings({ clientId: "id", clientSecret: "hunter2-secret" })).toThrow(
      "The tenant provider is not configured: missing tenant:domain. Set it with " +
        "`pulumi config set tenant:domain <my-tenant.eu.auth0.com or http://host:port>` (or the environment variable AUTH0_DOMAIN).",
    );
    expect(() => resolveSettings({ domain: "p.example.com", clientId: "id" }, "prod")).toThrow(
      'The tenant provider has no settings for tenant "prod": missing prod:clientSecret. Set it with ' +
        "`pulumi config set --secret prod:clientSecret -- <client secret>` (or `pulumi config set --secret prod:apiToken -- <token>` " +
        "instead of the client credentials).",
    );
    try {
      resolveSettings({ clientSecret: "hunter2-secret" });
    } catch (error) {
      expect((error as Error).message).not.toContain("hunter2-secret");
      expect((error as Error).stack).not.toMatch(/\n\s+at /);
    }
  });

  it("a domain that is no domain is named with the key to fix", () => {
    expect(() => resolveSettings({ domain: "ftp://x.example.com", apiToken: "t" }, "prod")).toThrow(
      'prod:domain "ftp://x.example.com" must use http or https. Set it with `pulumi config set prod:domain my-tenant.eu.auth0.com`.',
    );
  });

  describe("a token and client credentials both set", () => {
    let stderr: jest.SpyInstance;
    const written = () => stderr.mock.calls.map(([text]) => String(text)).join("");
    beforeEach(() => {
      resetCredentialWarnings();
      stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    });
    afterEach(() => stderr.mockRestore());

    it("the token wins, as in the Auth0 providers, and the client credentials are dropped", async () => {
      const both = { domain: "a.example.com", clientId: "id", clientSecret: "hunter2-secret", apiToken: "tok-123" };
      const settings = resolveSettings(both);
      expect(settings).toMatchObject({ apiToken: "tok-123", clientId: undefined, clientSecret: undefined });
      await warningsSent();
      expect(written()).toBe(
        "warning: tenant:apiToken (or AUTH0_API_TOKEN) and client credentials (tenant:clientId, tenant:clientSecret) are both set: " +
          "the API token is used and the client credentials are ignored. Unset one of them to silence this warning " +
          "(`pulumi config rm tenant:apiToken` and unset AUTH0_API_TOKEN).\n",
      );
      expect(written()).not.toContain("hunter2-secret");
      expect(written()).not.toContain("tok-123");
    });

    it("warns once per namespace, and not at all with one kind of credential", async () => {
      const both = { domain: "a.example.com", clientId: "id", clientSecret: "s", apiToken: "t" };
      resolveSettings(both);
      resolveSettings(both);
      resolveSettings(both, "prod");
      resolveSettings({ domain: "a.example.com", apiToken: "t" }, "staging");
      resolveSettings({ domain: "a.example.com", clientId: "id", clientSecret: "s" }, "dev");
      await warningsSent();
      const lines = written().trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^warning: prod:apiToken and client credentials \(prod:clientId, prod:clientSecret\)/);
      expect(lines[1]).toContain("(`pulumi config rm prod:apiToken`).");
    });
  });
});
