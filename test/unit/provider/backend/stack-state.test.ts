/** What a stack's export says about tenants: the objects held (both doors), pending creates, stack names. */
import { kindOfType, readStackState, stackOfUrn } from "../../../../provider/backend/stack-state";
import { parseBackendList, projectStackOf } from "../../../../provider/backend/stacks";

describe("a stack's export", () => {
  it("lists the objects of both doors with their tenant, skips other providers and resources pending deletion", () => {
    const state = readStackState({
      deployment: {
        manifest: { time: "2026-11-25T10:00:00.000Z" },
        resources: [
          { urn: "urn:pulumi:prod::shop::pulumi:pulumi:Stack::shop-prod", type: "pulumi:pulumi:Stack" },
          {
            urn: "urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::signup",
            type: "pulumi-nodejs:dynamic/tenant:Form",
            id: "ap_1",
            outputs: { tenantOrigin: "https://t.example.com" },
          },
          {
            urn: "urn:pulumi:prod::shop::tenant:index:EventStream::hook",
            type: "tenant:index:EventStream",
            id: "est_1",
          },
          { urn: "urn:pulumi:prod::shop::tenant:index:Form::old", type: "tenant:index:Form", id: "ap_0", delete: true },
          { urn: "urn:pulumi:prod::shop::aws:s3/bucket:Bucket::b", type: "aws:s3/bucket:Bucket", id: "b" },
        ],
        pending_operations: [
          {
            type: "creating",
            resource: { urn: "urn:pulumi:prod::shop::tenant:index:Form::new", type: "tenant:index:Form", inputs: {} },
          },
          {
            type: "updating",
            resource: { urn: "urn:pulumi:prod::shop::tenant:index:Form::x", type: "tenant:index:Form" },
          },
        ],
      },
    });
    expect(state.stack).toBe("shop/prod");
    expect(state.held).toEqual([
      {
        stack: "shop/prod",
        kind: "form",
        id: "ap_1",
        urn: "urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::signup",
        tenantOrigin: "https://t.example.com",
      },
      {
        stack: "shop/prod",
        kind: "eventStream",
        id: "est_1",
        urn: "urn:pulumi:prod::shop::tenant:index:EventStream::hook",
      },
    ]);
    expect(state.pendingCreates.map((op) => op.urn)).toEqual(["urn:pulumi:prod::shop::tenant:index:Form::new"]);
    expect(state.writtenAt).toBe(Date.parse("2026-11-25T10:00:00.000Z"));
  });

  it("names kinds, stacks and backends", () => {
    expect(kindOfType("tenant:index:LoginTemplate")).toBe("loginTemplate");
    expect(kindOfType("pulumi-nodejs:dynamic/tenant:RateLimitPolicy")).toBe("rateLimitPolicy");
    expect(kindOfType("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
    expect(stackOfUrn("urn:pulumi:dev::shop::tenant:index:Form::f")).toBe("shop/dev");
    expect(projectStackOf("organization/shop/dev")).toBe("shop/dev");
    expect(parseBackendList(" s3://a, postgres://b s3://a ")).toEqual(["s3://a", "postgres://b"]);
  });
});
