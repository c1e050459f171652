/** The tenants a stack's resources use, read from its export and configuration as recover and drift --unmanaged do. */
import { StackTenants } from "../../../../provider/cli/stack-tenants";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const secret = (value: unknown) => ({ ...SIG, plaintext: JSON.stringify(value) });

describe("a stack's tenants", () => {
  const stack = new StackTenants(
    {
      deployment: {
        resources: [
          {
            urn: "urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::a",
            type: "pulumi-nodejs:dynamic/tenant:Form",
            id: "ap_1",
            outputs: { tenant: "eu" },
          },
          {
            urn: "urn:pulumi:prod::shop::pulumi:providers:tenant::default_0_3_0",
            type: "pulumi:providers:tenant",
            inputs: { domain: "default.example.com", clientId: "c", clientSecret: secret("s") },
          },
          {
            urn: "urn:pulumi:prod::shop::pulumi:providers:tenant::us",
            type: "pulumi:providers:tenant",
            inputs: { domain: "us.example.com", apiToken: secret("t") },
          },
          {
            urn: "urn:pulumi:prod::shop::tenant:index:Form::b",
            type: "tenant:index:Form",
            id: "ap_2",
            provider: "urn:pulumi:prod::shop::pulumi:providers:tenant::default_0_3_0::p1",
          },
          {
            urn: "urn:pulumi:prod::shop::tenant:index:Form::c",
            type: "tenant:index:Form",
            id: "ap_3",
            provider: "urn:pulumi:prod::shop::pulumi:providers:tenant::us::p2",
          },
          { urn: "urn:pulumi:prod::shop::aws:s3/bucket:Bucket::x", type: "aws:s3/bucket:Bucket", id: "x" },
        ],
      },
    },
    {
      "eu:domain": "eu.example.com",
      "eu:clientId": "eu-client",
      "eu:clientSecret": "eu-secret",
      "tenant:ownershipBackends": "s3://a, s3://b",
    },
  );

  it("finds a dynamic resource's namespace in the configuration, a plugin resource's settings in its provider's inputs", () => {
    const tenants = stack.tenants();
    expect(tenants.map((tenant) => [tenant.namespace, tenant.input.domain])).toEqual([
      ["eu", "eu.example.com"],
      ["tenant", "default.example.com"],
      ["us", "us.example.com"],
    ]);
    expect(tenants[0]!.input).toMatchObject({ clientId: "eu-client", clientSecret: "eu-secret" });
    // Secrets of an export shown with --show-secrets are read as the program had them.
    expect(tenants[1]!.input).toMatchObject({ clientId: "c", clientSecret: "s" });
    expect(tenants[2]!.input).toMatchObject({ apiToken: "t" });
  });

  it("names the sibling backends the configuration lists", () => {
    expect(stack.siblings()).toEqual(["s3://a", "s3://b"]);
  });
});
