/**
 * What the pack calls a credential, and what it does not: names matched by their last word
 * (`GITHUB_TOKEN`, `githubToken`, `STRIPE_SECRET`), Authorization values of every scheme,
 * GitHub's 40-hex tokens beside the word that says so, passwords in URLs; and the near
 * misses a reviewer must not be bothered with (`X-Token-Type`, commit hashes, prose).
 */
import { tenantResource, type TenantResource } from "../../../policy/src/resources";
import { codeSecrets } from "../../../policy/src/rules/actions";
import { isCredentialHeader, isCredentialName, secretShapeIn } from "../../../policy/src/rules/literals";
import { flowCredentials } from "../../../policy/src/rules/outside-calls";

const HEX40 = "3f5a0c9e1b7d24f6a8c0e2b4d6f8a0c2e4b6d8f1";
const action = (code: string): TenantResource =>
  tenantResource({
    type: "pulumi-nodejs:dynamic/tenant:Action",
    name: "a",
    urn: "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/tenant:Action::a",
    props: { code },
  })!;
const flagged = (code: string) => codeSecrets(action(code)).map((violation) => violation.message);

describe("credential names", () => {
  it.each([
    "GITHUB_TOKEN",
    "githubToken",
    "STRIPE_SECRET",
    "dbPassword",
    "x-api-key",
    "AWS_SECRET_ACCESS_KEY",
    "apiKey",
  ])("%s names a credential", (name) => expect(isCredentialName(name)).toBe(true));
  it.each(["X-Token-Type", "tokenUrl", "secretName", "idempotencyKey", "passwordPolicy", "TOKEN_ENDPOINT", "key"])(
    "%s does not",
    (name) => expect(isCredentialName(name)).toBe(false),
  );

  it("flags literals assigned to them in code, whatever the spelling", () => {
    expect(flagged(`const GITHUB_TOKEN = "${HEX40}";`)).toEqual([
      expect.stringMatching(/code line 1 holds a GitHub token \(40 hex digits\)/),
    ]);
    expect(flagged('const githubToken = "Zm9vYmFyYmF6cXV4cXV1eA";')).toEqual([
      expect.stringMatching(/code line 1 holds a credential assigned in code/),
    ]);
    expect(flagged('const config = { STRIPE_SECRET: "whsec_5Hq0L2mZ8kR1vT7x" };')).toHaveLength(1);
    expect(flagged("settings.apiKey = 'k3y-0123456789abcd';")).toHaveLength(1);
  });

  it("leaves names about credentials, comparisons and values built at run time alone", () => {
    const clean = [
      'const headers = { "X-Token-Type": "jwt-access-token" };',
      'const tokenUrl = "https://auth.example.com/oauth/token";',
      "const token = event.secrets.GITHUB_TOKEN;",
      "const token = `${event.secrets.PREFIX}-0123456789abcdef`;",
      'if (token === "not-a-token-at-all") return;',
      'const apiKey = "<your-api-key-here>";',
      'const secretName = "crm-api-token-v2";',
      // Names, codes and references under a credential's name are no secret.
      'const clientSecret = "AUTH0_CLIENT_SECRET";',
      'const errors = { invalidToken: "invalid_token", expiredToken: "token-expired" };',
      '"token": "pulumi:providers:tenant",',
      "const passwordFile = './secrets/password-v1.txt';",
      'const apiToken = "https://vault.example.com/v1/token";',
    ].join("\n");
    expect(flagged(clean)).toEqual([]);
  });
});

describe("Authorization values", () => {
  it("flags token and Basic schemes with a literal, as it does Bearer", () => {
    expect(secretShapeIn(`"Authorization": "token ${HEX40}"`)).toMatch(/GitHub token|Authorization token/);
    expect(secretShapeIn("authorization: 'token gho16C7e42F292c6912E7710c838347Ae178B4a'")).toBe(
      "an Authorization token",
    );
    const basic = Buffer.from("crm-user:s3cr3t-pass").toString("base64");
    expect(secretShapeIn(`headers: { Authorization: "Basic ${basic}" }`)).toBe(
      "a Basic credential (base64 of user:password)",
    );
    expect(secretShapeIn(`Basic ${basic}`)).toBe("a Basic credential (base64 of user:password)");
  });

  it("leaves prose and values built at run time alone", () => {
    for (const text of [
      "Basic information about the user",
      '"basic settings are applied"',
      "the token expired yesterday, ask for another",
      "authorization: `Basic ${btoa(user + ':' + event.secrets.PASSWORD)}`",
      '"Bearer " + event.secrets.CRM_TOKEN',
    ]) {
      expect(secretShapeIn(text)).toBeUndefined();
    }
  });
});

describe("GitHub's 40-hex tokens", () => {
  it("are flagged beside the word github or token, and a commit hash alone is not", () => {
    expect(secretShapeIn(`const gh = "${HEX40}"; // github`)).toBe("a GitHub token (40 hex digits)");
    expect(secretShapeIn(`fetch(url, { headers: { authorization: "token " + "${HEX40}" } })`)).toBe(
      "a GitHub token (40 hex digits)",
    );
    expect(secretShapeIn(`const pinnedCommit = "${HEX40}";`)).toBeUndefined();
    expect(secretShapeIn(`const digest = "${HEX40}0a0b"; // a token of 44 hex`)).toBeUndefined();
  });
});

describe("passwords in URLs", () => {
  it("are credentials in code and in a flow's params", () => {
    expect(flagged('await fetch("https://crm-user:s3cret@crm.example.com/api");')).toEqual([
      expect.stringMatching(/holds a password in a URL \(user:password@host\)/),
    ]);
    expect(secretShapeIn("https://crm.example.com/users/@me")).toBeUndefined();
    expect(secretShapeIn("https://user@crm.example.com/")).toBeUndefined();
    expect(secretShapeIn("https://{{vars.user}}:{{vars.password}}@crm.example.com/")).toBeUndefined();
    const flow = tenantResource({
      type: "tenant:index:Flow",
      name: "f",
      urn: "urn:pulumi:dev::shop::tenant:index:Flow::f",
      props: {
        actions: [
          {
            id: "a",
            type: "HTTP",
            action: "SEND_REQUEST",
            params: { url: "https://crm-user:s3cret@crm.example.com/api", method: "GET" },
          },
        ],
      },
    })!;
    expect(flowCredentials(flow, {}).map((violation) => violation.message)).toEqual([
      expect.stringMatching(/Flow "f": actions\[0\]\.params\.url holds a password in a URL/),
    ]);
  });
});

describe("credential headers and keys of a flow", () => {
  it("a header whose name merely contains token is none; one ending in it is", () => {
    expect(isCredentialHeader("X-Token-Type", [])).toBe(false);
    expect(isCredentialHeader("X-Session-Token", [])).toBe(true);
    expect(isCredentialHeader("Authorization", ["authorization"])).toBe(true);
    const flow = tenantResource({
      type: "pulumi-nodejs:dynamic/tenant:Flow",
      name: "f",
      urn: "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/tenant:Flow::f",
      props: {
        actions: [
          {
            id: "a",
            type: "HTTP",
            action: "SEND_REQUEST",
            params: {
              url: "https://crm.example.com/api",
              headers: { "X-Token-Type": "jwt", "X-Session-Token": "abc" },
              payload: { client_secret: "s3cr3t-literal", grant_type: "client_credentials", password: "{{fields.pw}}" },
            },
          },
        ],
      },
    })!;
    expect(flowCredentials(flow, {}).map((violation) => violation.message)).toEqual([
      expect.stringMatching(/headers\.X-Session-Token is a credential written into the flow/),
      expect.stringMatching(/payload\.client_secret holds a credential\. Put the credential in a FlowVaultConnection/),
    ]);
  });
});
