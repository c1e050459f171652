/**
 * Flows and flow vault connections through the plugin's gRPC server (no CLI), as a program in
 * any language sends them: the package schema's names (`appId`, `connectionId`), secrets as
 * envelopes. A check failure inside an action names the path in those names; a connection's
 * `setup` is a secret in every answer (a plain one sealed too) and never plaintext; a rotated
 * token is a change of `setup`; a refresh keeps the setup the API never answers.
 */
import * as grpc from "@grpc/grpc-js";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import { startPluginServer } from "../../../provider/plugin/server";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../../provider/schema/envelope";
import { startHarness, type ProviderHarness } from "../helpers";

const FLOW = "tenant:index:Flow";
const CONNECTION = "tenant:index:FlowVaultConnection";
const FLOW_URN = "urn:pulumi:dev::proj::tenant:index:Flow::enrich";
const CONNECTION_URN = "urn:pulumi:dev::proj::tenant:index:FlowVaultConnection::crm";
const TOKEN = "crm-token-unit-Pq28Wd";
const ROTATED = "crm-token-unit-rotated-Lx04";

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
const wrap = (value: unknown) => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });

describe("flows and vault connections through the plugin", () => {
  let harness: ProviderHarness;
  let server: { port: number; stop(): Promise<void> };
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    server = await startPluginServer(0);
    client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const { domain, clientId, clientSecret } = harness.server.credentials;
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

  const check = (type: string, urn: string, news: object, olds: object = {}) =>
    rpc<providerPb.CheckResponse>(
      client,
      "check",
      new providerPb.CheckRequest().setUrn(urn).setType(type).setOlds(struct(olds)).setNews(struct(news)),
    );

  it("a wrong param of a flow's action is named in the package schema's names", async () => {
    const flow = {
      name: "Enrich",
      actions: [
        {
          id: "lookup",
          type: "HTTP",
          action: "SEND_REQUEST",
          params: { connectionId: 42, url: "https://crm.example.com/lookup" },
        },
      ],
    };
    const failures = (await check(FLOW, FLOW_URN, flow)).getFailuresList().map((f) => f.getProperty());
    expect(failures).toEqual(["actions[0].params.connectionId"]);
  });

  it("a connection's setup: a secret in every answer, sealed when sent plain; a rotation a change; kept by a refresh", async () => {
    const news = { name: "crm-api", appId: "HTTP", setup: { type: "BEARER", token: TOKEN } };
    // Sent plain (a YAML program's literal, say): the plugin seals it all the same.
    const checked = await check(CONNECTION, CONNECTION_URN, news);
    expect(checked.getFailuresList()).toEqual([]);
    expect(checked.getInputs()!.toJavaScript().setup).toEqual(wrap({ type: "BEARER", token: TOKEN }));
    const created = await rpc<providerPb.CreateResponse>(
      client,
      "create",
      new providerPb.CreateRequest().setUrn(CONNECTION_URN).setType(CONNECTION).setProperties(checked.getInputs()),
    );
    const id = created.getId();
    expect(id).toMatch(/^ac_/);
    const outputs = created.getProperties()!.toJavaScript();
    expect(outputs).toMatchObject({ name: "crm-api", appId: "HTTP", setup: wrap(expect.anything()) });
    expect(outputs).not.toHaveProperty("app_id");

    // The engine's refresh: the API answers no setup; the state's stays, a secret.
    const read = await rpc<providerPb.ReadResponse>(
      client,
      "read",
      new providerPb.ReadRequest()
        .setUrn(CONNECTION_URN)
        .setType(CONNECTION)
        .setId(id)
        .setProperties(created.getProperties())
        .setInputs(checked.getInputs()),
    );
    expect(read.getProperties()!.toJavaScript().setup).toEqual(outputs.setup);
    expect(read.getInputs()!.toJavaScript().setup).toEqual(wrap({ type: "BEARER", token: TOKEN }));

    const diff = (setup: object) =>
      rpc<providerPb.DiffResponse>(
        client,
        "diff",
        new providerPb.DiffRequest()
          .setUrn(CONNECTION_URN)
          .setType(CONNECTION)
          .setId(id)
          .setOlds(read.getProperties())
          .setOldInputs(read.getInputs())
          .setNews(struct({ ...news, setup: wrap(setup) })),
      );
    const { DIFF_SOME, DIFF_NONE } = providerPb.DiffResponse.DiffChanges;
    expect((await diff({ type: "BEARER", token: TOKEN })).getChanges()).toBe(DIFF_NONE);
    const rotated = await diff({ type: "BEARER", token: ROTATED });
    expect(rotated.getChanges()).toBe(DIFF_SOME);
    expect(rotated.getDiffsList()).toEqual(["setup"]);
    expect(rotated.getReplacesList()).toEqual([]);

    const updated = await rpc<providerPb.UpdateResponse>(
      client,
      "update",
      new providerPb.UpdateRequest()
        .setUrn(CONNECTION_URN)
        .setType(CONNECTION)
        .setId(id)
        .setOlds(read.getProperties())
        .setNews(struct({ ...news, setup: wrap({ type: "BEARER", token: ROTATED }) })),
    );
    expect(updated.getProperties()!.toJavaScript().setup).toEqual(wrap({ type: "BEARER", token: ROTATED }));
    expect((await harness.admin("GET", `/flows/vault/connections/${id}`)).json).not.toHaveProperty("setup");
    // No answer holds a token outside a secret envelope.
    for (const answer of [created.getProperties(), read.getProperties(), updated.getProperties()]) {
      const { setup, ...rest } = answer!.toJavaScript();
      expect(setup).toHaveProperty([SECRET_SIG_KEY], SECRET_SIG);
      expect(JSON.stringify(rest)).not.toMatch(/crm-token/);
    }
    await rpc(
      client,
      "delete",
      new providerPb.DeleteRequest()
        .setUrn(CONNECTION_URN)
        .setType(CONNECTION)
        .setId(id)
        .setProperties(updated.getProperties()),
    );
    expect((await harness.admin("GET", `/flows/vault/connections/${id}`)).status).toBe(404);
  });
});
