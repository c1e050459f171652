/** Provider settings: config keys, environment fallbacks, messages naming the keys to set. */
import { ConfigurationError } from "../../../provider/client/errors";
import { originOf, readSettingsInput, resolveSettings } from "../../../provider/client/settings";

describe("settings", () => {
  it("a plain domain means https and the standard audience", () => {
    const settings = resolveSettings({ domain: "my-tenant.eu.auth0.com", clientId: "id", clientSecret: "secret" });
    expect(settings).toMatchObject({
      origin: "https://my-tenant.eu.auth0.com",
      apiBaseUrl: "https://my-tenant.eu.auth0.com/api/v2",
      tokenUrl: "https://my-tenant.eu.auth0.com/oauth/token",
      audience: "https://my-tenant.eu.auth0.com/api/v2/",
    });
  });

  it("a full origin is kept, with its port", () => {
    expect(originOf("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010");
    expect(resolveSettings({ domain: "http://127.0.0.1:4010", apiToken: "t" }).audience).toBe("http://127.0.0.1:4010/api/v2/");
  });

  it("stack config wins over the environment, which fills the gaps", () => {
    const config: Record<string, string> = { "tenant:domain": "a.example.com" };
    const input = readSettingsInput((key) => config[key], { AUTH0_DOMAIN: "b.example.com", AUTH0_CLIENT_ID: "env-id", AUTH0_CLIENT_SECRET: "env-secret" });
    expect(input).toEqual({ domain: "a.example.com", clientId: "env-id", clientSecret: "env-secret", apiToken: undefined, audience: undefined });
  });

  it("missing settings fail with the keys to set and no secret", () => {
    expect(() => resolveSettings({ clientSecret: "hunter2-secret" })).toThrow(ConfigurationError);
    try {
      resolveSettings({ clientSecret: "hunter2-secret" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("tenant:domain");
      expect(message).toContain("tenant:clientId");
      expect(message).toContain("pulumi config set --secret tenant:clientSecret");
      expect(message).toContain("AUTH0_DOMAIN");
      expect(message).not.toContain("hunter2-secret");
    }
  });

  it("client credentials win over a token when both are complete", () => {
    const settings = resolveSettings({ domain: "a.example.com", clientId: "id", clientSecret: "s", apiToken: "t" });
    expect(settings.apiToken).toBeUndefined();
    expect(resolveSettings({ domain: "a.example.com", clientId: "id", apiToken: "t" }).apiToken).toBe("t");
  });
});
