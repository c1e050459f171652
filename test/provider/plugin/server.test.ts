/** The gRPC ResourceProvider server called over the wire with grpc-js client stubs (no CLI). */
import * as grpc from "@grpc/grpc-js";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import * as statusPb from "@pulumi/pulumi/proto/status_pb";
import { configLookup } from "../../../provider/plugin/configuration";
import { kindOfToken, startPluginServer } from "../../../provider/plugin/server";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../../provider/schema/envelope";
import { startHarness, type ProviderHarness } from "../helpers";

const FORM = "tenant:index:Form";
const URN = "urn:pulumi:dev::proj::tenant:index:Form::signup";
/** The form of test/e2e/plugin-program/signup-form.json as the engine sends it: the package schema's names. */
const signup = {
  name: "Sign-up",
  languages: { primary: "en" },
  nodes: [
    {
      id: "details",
      type: "STEP",
      config: {
        components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true, config: {} }],
        nextNode: "$ending",
      },
    },
  ],
  start: { nextNode: "details" },
};
/** The same form as the API spells it. */
const signupOnTheWire = {
  ...signup,
  nodes: [{ ...signup.nodes[0]!, config: { components: signup.nodes[0]!.config.components, next_node: "$ending" } }],
  start: { next_node: "details" },
};

type Client = providerGrpc.ResourceProviderClient;
function rpc<Res>(client: Client, method: string, request: unknown): Promise<Res> {
  return new Promise((resolve, reject) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (client as any)[method](request, (error: Error | null, response: Res) =>
      error ? reject(error) : resolve(response),
    ),
  );
}
const struct = (value: object) => structPb.Struct.fromJavaScript(value as Record<string, structPb.JavaScriptValue>);

describe("plugin server", () => {
  let harness: ProviderHarness;
  let server: { port: number; stop(): Promise<void> };
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    server = await startPluginServer(0);
    client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const { domain, clientId, clientSecret } = harness.server.credentials;
    // As the engine spells a provider's configuration: `tenant:config:<name>`.
    const configure = new providerPb.ConfigureRequest();
    configure.getVariablesMap().set("tenant:config:domain", domain).set("tenant:config:clientId", clientId);
    configure.getVariablesMap().set("tenant:config:clientSecret", clientSecret);
    await rpc(client, "configure", configure);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    await harness?.close();
  });

  it("maps type tokens to kinds and names the unknown ones", () => {
    expect(kindOfToken("tenant:index:Form")).toBe("form");
    expect(kindOfToken("tenant:index:RateLimitPolicy")).toBe("rateLimitPolicy");
    expect(() => kindOfToken("tenant:index:Widget")).toThrow(/unknown resource type "tenant:index:Widget"/);
  });

  it("configure reads a provider resource's args before the variables", () => {
    const request = new providerPb.ConfigureRequest().setArgs(struct({ domain: "args.example.com", maxRetries: 3 }));
    request.getVariablesMap().set("tenant:config:domain", "vars.example.com").set("tenant:clientId", "cid");
    const lookup = configLookup(request);
    expect(lookup("tenant:domain")).toBe("args.example.com");
    expect(lookup("tenant:maxRetries")).toBe("3");
    expect(lookup("tenant:clientId")).toBe("cid");
    expect(lookup("tenant:apiToken")).toBeUndefined();
  });

  it("checkConfig names missing settings and accepts complete ones", async () => {
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) if (key.startsWith("AUTH0_")) delete process.env[key];
    try {
      const missing = await rpc<providerPb.CheckResponse>(
        client,
        "checkConfig",
        new providerPb.CheckRequest().setUrn("urn:pulumi:dev::proj::pulumi:providers:tenant::prod").setNews(struct({})),
      );
      expect(
        missing
          .getFailuresList()
          .map((f) => f.getReason())
          .join("\n"),
      ).toMatch(/domain/);
      const { domain, clientId, clientSecret } = harness.server.credentials;
      const complete = await rpc<providerPb.CheckResponse>(
        client,
        "checkConfig",
        new providerPb.CheckRequest()
          .setUrn("urn:pulumi:dev::proj::pulumi:providers:tenant::prod")
          .setNews(struct({ domain, clientId, clientSecret })),
      );
      expect(complete.getFailuresList()).toEqual([]);
    } finally {
      process.env = saved;
    }
  });

  it("serves the package schema", async () => {
    const response = await rpc<providerPb.GetSchemaResponse>(client, "getSchema", new providerPb.GetSchemaRequest());
    expect(JSON.parse(response.getSchema()).name).toBe("tenant");
  });

  it("check names an invalid input", async () => {
    const request = new providerPb.CheckRequest().setUrn(URN).setType(FORM);
    request.setOlds(struct({})).setNews(struct({ ...signup, name: 42 }));
    const response = await rpc<providerPb.CheckResponse>(client, "check", request);
    expect(response.getFailuresList().length).toBeGreaterThan(0);
    expect(
      response
        .getFailuresList()
        .map((f) => `${f.getProperty()} ${f.getReason()}`)
        .join("\n"),
    ).toMatch(/name/);
    // A failure deep in the form names the property as the program spells it.
    const deep = new providerPb.CheckRequest().setUrn(URN).setType(FORM).setOlds(struct({}));
    deep.setNews(struct({ ...signup, start: { nextNode: 42 } }));
    const failures = (await rpc<providerPb.CheckResponse>(client, "check", deep)).getFailuresList();
    expect(failures.map((f) => f.getProperty())).toContain("start.nextNode");
  });

  it("runs create, read, diff, update and delete against the tenant", async () => {
    const checked = await rpc<providerPb.CheckResponse>(
      client,
      "check",
      new providerPb.CheckRequest().setUrn(URN).setType(FORM).setOlds(struct({})).setNews(struct(signup)),
    );
    expect(checked.getFailuresList()).toEqual([]);
    const created = await rpc<providerPb.CreateResponse>(
      client,
      "create",
      new providerPb.CreateRequest().setUrn(URN).setType(FORM).setProperties(checked.getInputs()),
    );
    const id = created.getId();
    // The tenant gets the API's names; the engine gets the schema's back.
    expect((await harness.admin("GET", `/forms/${id}`)).json).toMatchObject(signupOnTheWire);
    expect(created.getProperties()?.toJavaScript()).toMatchObject({ ...signup, createdAt: expect.any(String) });
    expect(created.getProperties()?.toJavaScript()).not.toHaveProperty("created_at");

    const read = await rpc<providerPb.ReadResponse>(
      client,
      "read",
      new providerPb.ReadRequest().setUrn(URN).setType(FORM).setId(id).setProperties(created.getProperties()),
    );
    expect(read.getId()).toBe(id);

    const diffOf = (news: object) =>
      rpc<providerPb.DiffResponse>(
        client,
        "diff",
        new providerPb.DiffRequest()
          .setUrn(URN)
          .setType(FORM)
          .setId(id)
          .setOlds(read.getProperties())
          .setOldInputs(read.getInputs())
          .setNews(struct(news)),
      );
    const { DIFF_NONE, DIFF_SOME } = providerPb.DiffResponse.DiffChanges;
    expect((await diffOf(signup)).getChanges()).toBe(DIFF_NONE);
    const renamed = { ...signup, name: "Join" };
    const renaming = await diffOf(renamed);
    expect(renaming.getChanges()).toBe(DIFF_SOME);
    expect(renaming.getHasdetaileddiff()).toBe(true);
    expect([...renaming.getDetaileddiffMap().entries()].map(([key, value]) => [key, value.getKind()])).toEqual([
      ["name", providerPb.PropertyDiff.Kind.UPDATE],
    ]);
    // `diffs`: what `pulumi preview --json` reports as the step's `diffReasons`.
    expect(renaming.getDiffsList()).toEqual(["name"]);
    expect((await diffOf(signup)).getDiffsList()).toEqual([]);

    await rpc(
      client,
      "update",
      new providerPb.UpdateRequest()
        .setUrn(URN)
        .setType(FORM)
        .setId(id)
        .setOlds(read.getProperties())
        .setNews(struct(renamed)),
    );
    expect((await harness.admin("GET", `/forms/${id}`)).json.name).toBe("Join");

    const invoke = (args: object) =>
      rpc<providerPb.InvokeResponse>(
        client,
        "invoke",
        new providerPb.InvokeRequest().setTok("tenant:index:getForm").setArgs(struct(args)),
      );
    expect((await invoke({ name: "Join" })).getReturn()?.toJavaScript()).toMatchObject({ id, name: "Join" });
    expect((await invoke({ id })).getReturn()?.toJavaScript()).toMatchObject({ id, name: "Join" });

    await rpc<emptyPb.Empty>(
      client,
      "delete",
      new providerPb.DeleteRequest().setUrn(URN).setType(FORM).setId(id).setProperties(struct(renamed)),
    );
    expect((await harness.admin("GET", `/forms/${id}`)).status).toBe(404);
  });

  it("takes secrets as envelopes and seals a component's secret alone, even when sent plain", async () => {
    const wrap = (value: unknown) => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });
    // A provider resource's secret argument arrives as an envelope.
    const request = new providerPb.ConfigureRequest().setArgs(struct({ clientSecret: wrap("s3cret") }));
    expect(configLookup(request)("tenant:clientSecret")).toBe("s3cret");

    const captcha = {
      id: "captcha",
      category: "WIDGET",
      type: "RECAPTCHA",
      config: { siteKey: "6LcSiteKey0123456789", secretKey: "6LcPlainSecret_0123456789" },
    };
    const step = signup.nodes[0]!;
    const news = {
      ...signup,
      name: wrap("Secret name"),
      nodes: [{ ...step, config: { ...step.config, components: [...step.config.components, captcha] } }],
    };
    const checked = await rpc<providerPb.CheckResponse>(
      client,
      "check",
      new providerPb.CheckRequest().setUrn(URN).setType(FORM).setOlds(struct({})).setNews(struct(news)),
    );
    expect(checked.getFailuresList()).toEqual([]);
    const created = await rpc<providerPb.CreateResponse>(
      client,
      "create",
      new providerPb.CreateRequest().setUrn(URN).setType(FORM).setProperties(checked.getInputs()),
    );
    const id = created.getId();
    // The tenant got plain values.
    const stored = (await harness.admin("GET", `/forms/${id}`)).json;
    expect(stored.name).toBe("Secret name");
    expect(stored.nodes[0].config.components[1].config.secret_key).toBe("6LcPlainSecret_0123456789");
    for (const response of [checked.getInputs(), created.getProperties()]) {
      const out = response!.toJavaScript() as typeof news;
      expect(out.name).toEqual(wrap("Secret name")); // the program's secret stays one
      const components = (out.nodes[0]!.config as { components: { config: Record<string, unknown> }[] }).components;
      expect(components[1]!.config.siteKey).toBe("6LcSiteKey0123456789");
      expect(components[1]!.config.secretKey).toEqual(wrap("6LcPlainSecret_0123456789"));
      expect(components[0]!.config).toEqual({});
    }
    await rpc<emptyPb.Empty>(
      client,
      "delete",
      new providerPb.DeleteRequest().setUrn(URN).setType(FORM).setId(id).setProperties(created.getProperties()),
    );
    expect((await harness.admin("GET", `/forms/${id}`)).status).toBe(404);
  });

  it("reports a create that made the object but could not finish as initialized with errors", async () => {
    const existing = await harness.admin("POST", "/forms", { ...signupOnTheWire, name: "to adopt" });
    harness.server.faults.add({
      method: "PATCH",
      path: "/api/v2/forms/:id",
      mode: "fail-before",
      status: 500,
      times: 5,
    });
    try {
      const news = struct({ ...signup, adoptId: existing.json.id });
      const checked = await rpc<providerPb.CheckResponse>(
        client,
        "check",
        new providerPb.CheckRequest().setUrn(URN).setType(FORM).setOlds(struct({})).setNews(news),
      );
      expect(checked.getFailuresList()).toEqual([]);
      const error = (await rpc(
        client,
        "create",
        new providerPb.CreateRequest().setUrn(URN).setType(FORM).setProperties(checked.getInputs()),
      ).catch((e: unknown) => e)) as grpc.ServiceError;
      const [bytes] = error.metadata.get("grpc-status-details-bin") as Buffer[];
      const status = statusPb.Status.deserializeBinary(new Uint8Array(bytes!));
      const detail = providerPb.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0]!.getValue_asU8());
      expect(status.getDetailsList()[0]!.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
      expect(detail.getId()).toBe(existing.json.id);
      expect(detail.getProperties()?.toJavaScript()).toMatchObject({ name: "to adopt" });
      expect(detail.getReasonsList().join("\n")).toMatch(/500|server/i);
    } finally {
      harness.server.faults.clear();
      await harness.admin("DELETE", `/forms/${existing.json.id}`);
    }
  });

  it("serves the rate limit policy functions: one by id, every one or one selector's", async () => {
    const body = { resource: "oauth_authentication_api", consumer: "client", configuration: { action: "allow" } };
    const made = await harness.admin("POST", "/rate-limit-policies", { ...body, consumer_selector: "cimd_clients" });
    expect(made.status).toBe(201);
    const invoke = async (tok: string, args: object) =>
      (
        await rpc<providerPb.InvokeResponse>(
          client,
          "invoke",
          new providerPb.InvokeRequest().setTok(tok).setArgs(struct(args)),
        )
      )
        .getReturn()
        ?.toJavaScript();
    expect(await invoke("tenant:index:getRateLimitPolicy", { id: made.json.id })).toMatchObject({
      id: made.json.id,
      consumerSelector: "cimd_clients",
    });
    const all = (await invoke("tenant:index:getRateLimitPolicies", {})) as { rateLimitPolicies: { id: string }[] };
    expect(all.rateLimitPolicies.map((policy) => policy.id)).toContain(made.json.id);
    const mine = (await invoke("tenant:index:getRateLimitPolicies", { consumerSelector: "cimd_clients" })) as {
      rateLimitPolicies: { id: string; consumerSelector: string }[];
    };
    expect(mine.rateLimitPolicies).toEqual([
      expect.objectContaining({ id: made.json.id, consumerSelector: "cimd_clients" }),
    ]);
    const none = await invoke("tenant:index:getRateLimitPolicies", { consumerSelector: "third_party_clients" });
    expect(none).toEqual({ rateLimitPolicies: [] });
    await expect(invoke("tenant:index:getRateLimitPolicy", {})).rejects.toThrow(/getRateLimitPolicy needs an "id"/);
    await harness.admin("DELETE", `/rate-limit-policies/${made.json.id}`);
  });

  it("answers an unknown function with an error that names the served ones", async () => {
    const request = new providerPb.InvokeRequest().setTok("tenant:index:getWidget").setArgs(struct({}));
    await expect(rpc(client, "invoke", request)).rejects.toThrow(/unknown function "tenant:index:getWidget".*getForm/);
  });

  it("answers an unknown type with an error that names it", async () => {
    const request = new providerPb.CheckRequest()
      .setUrn("urn:pulumi:dev::proj::tenant:index:Widget::w")
      .setType("tenant:index:Widget")
      .setOlds(struct({}))
      .setNews(struct({}));
    await expect(rpc(client, "check", request)).rejects.toThrow(/unknown resource type "tenant:index:Widget"/);
  });
});
