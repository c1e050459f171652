/**
 * Issue 31, item 5: a kind with a write-only secret declared in a fixture folder,
 * test/fixtures/kinds/connector (a table entry and a module made from it, nothing else),
 * goes through the server (sealed at rest, never answered, redacted in the log), the
 * provider's check / diff / create / read / update / delete, the plugin (the secret marked
 * secret), `generate` (the secret's value kept out of the program: a configuration placeholder in
 * its place) and the package schema.
 */
import "../fixtures/kinds/connector";
import * as grpc from "@grpc/grpc-js";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { buildProgram } from "../../provider/cli/generate/typescript-program";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { packageSchema } from "../../provider/schema/package-schema";
import { SECRET_SIG, SECRET_SIG_KEY } from "../../provider/schema/envelope";
import { startPluginServer } from "../../provider/plugin/server";
import { redactPaths } from "../../server/logger";
import { DATABASE_FILE, openStore } from "../../server/store";
import { CONNECTOR_KIND } from "../fixtures/kinds/connector";
import { removeDir, startHarness as startServer, tempDir } from "../server/helpers";
import { call, dispatchingProvider, PROVIDER_TEXT, runtime, startHarness, type ProviderHarness } from "./helpers";

const SECRET = "sign-Conn3ct0r-first";
const ROTATED = "sign-Conn3ct0r-second";

const connector = () => dispatchingProvider("connector");

describe("a kind with a write-only secret declared beyond the table: the test-only Connector", () => {
  it("server: sealed at rest, never answered, redacted in the log", async () => {
    const dir = tempDir("tenant-connector-");
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString("utf8"));
        callback();
      },
    });
    try {
      const h = await startServer({ dataDir: dir, logger: { destination, level: "trace" } });
      let id = "";
      try {
        const body = {
          name: "Billing",
          endpoint: "https://billing.example.com",
          auth: { key_id: "k1", signing_secret: SECRET },
        };
        const created = await h.call("POST", "/api/v2/connectors", { body });
        expect(created.status).toBe(201);
        id = created.json.id as string;
        expect(id).toMatch(/^con_/);
        expect(created.json).toMatchObject({ name: "Billing", auth: { key_id: "k1" } });
        const got = await h.call("GET", `/api/v2/connectors/${id}`);
        const listed = await h.call("GET", "/api/v2/connectors");
        const patched = await h.call("PATCH", `/api/v2/connectors/${id}`, {
          body: { auth: { key_id: "k2", signing_secret: ROTATED } },
        });
        expect(patched.json.auth).toEqual({ key_id: "k2" });
        expect(listed.json.connectors).toHaveLength(1);
        for (const reply of [created, got, listed, patched]) {
          expect(reply.text).not.toContain("signing_secret");
          expect(reply.text).not.toMatch(/sign-Conn3ct0r/);
        }
        // The declared key is in the log's redaction list, from the table.
        expect(redactPaths()).toEqual(
          expect.arrayContaining(["signing_secret", "*.signing_secret", "*.auth.signing_secret"]),
        );
      } finally {
        await h.close();
      }
      const database = readFileSync(join(dir, DATABASE_FILE)).toString("latin1");
      expect(database).toContain("k2");
      expect(database).not.toMatch(/sign-Conn3ct0r/);
      // Sealed, not dropped: the store opens what it sealed.
      const store = openStore(dir);
      try {
        const stored = store.collection<{ auth: unknown }>("connectors", { secretPaths: CONNECTOR_KIND.secretPaths });
        expect(stored.get(id)?.auth).toEqual({ key_id: "k2", signing_secret: ROTATED });
      } finally {
        store.close();
      }
    } finally {
      removeDir(dir);
    }
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toMatch(/sign-Conn3ct0r/);
  });

  describe("through the provider", () => {
    let harness: ProviderHarness;
    beforeAll(async () => {
      harness = await startHarness();
    });
    afterAll(async () => {
      await harness.close();
    });

    it("check, diff, create, read, update and delete carry the secret the API never answers", async () => {
      const inputs = {
        name: "Payments",
        endpoint: "https://pay.example.com",
        auth: { key_id: "k1", signing_secret: SECRET },
        __provider: PROVIDER_TEXT,
      };
      expect((await call(connector(), "check")({}, inputs)).failures).toEqual([]);
      const short = await call(connector(), "check")({}, { ...inputs, auth: { key_id: "k1", signing_secret: "x" } });
      expect(short.failures?.map((failure) => failure.property)).toEqual([expect.stringMatching(/^auth/)]);

      const created = await call(connector(), "create")(inputs);
      expect(created.id).toMatch(/^con_/);
      expect(created.outs).toMatchObject({ auth: { key_id: "k1", signing_secret: SECRET } });
      expect((await harness.admin("GET", `/connectors/${created.id}`)).json.auth).toEqual({ key_id: "k1" });

      const read = await call(connector(), "read")(created.id, created.outs);
      expect(read.props).toMatchObject({ name: "Payments", auth: { key_id: "k1", signing_secret: SECRET } });
      expect(await call(connector(), "diff")(created.id, read.props, inputs)).toMatchObject({ changes: false });

      // A rotated secret is a change, named (not shown) at check.
      const rotated = { ...inputs, auth: { key_id: "k1", signing_secret: ROTATED } };
      const checked = await call(connector(), "check")(read.props, rotated);
      expect(checked.inputs).toMatchObject({ rotatedSecrets: ["auth"] });
      expect(await call(connector(), "diff")(created.id, read.props, rotated)).toMatchObject({ changes: true });
      const updated = await call(connector(), "update")(created.id, read.props, rotated);
      expect(updated.outs).toMatchObject({ auth: { key_id: "k1", signing_secret: ROTATED } });
      expect((await harness.admin("GET", `/connectors/${created.id}`)).json.auth).toEqual({ key_id: "k1" });

      await call(connector(), "delete")(created.id, updated.outs);
      expect((await harness.admin("GET", `/connectors/${created.id}`)).status).toBe(404);
      expect(await call(connector(), "read")(created.id, updated.outs)).toEqual({});
    });

    it("plugin: created over gRPC, the secret comes back marked secret", async () => {
      const server = await startPluginServer(0);
      const client = new providerGrpc.ResourceProviderClient(
        `127.0.0.1:${server.port}`,
        grpc.credentials.createInsecure(),
      );
      const rpc = <Res>(method: string, request: unknown) =>
        new Promise<Res>((resolve, reject) =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (client as any)[method](request, (error: Error | null, response: Res) =>
            error ? reject(error) : resolve(response),
          ),
        );
      try {
        const { domain, clientId, clientSecret } = harness.server.credentials;
        const configure = new providerPb.ConfigureRequest();
        configure.getVariablesMap().set("tenant:config:domain", domain).set("tenant:config:clientId", clientId);
        configure.getVariablesMap().set("tenant:config:clientSecret", clientSecret);
        await rpc("configure", configure);
        const type = "tenant:index:Connector";
        const urn = `urn:pulumi:dev::proj::${type}::hooks`;
        const properties = {
          name: "Hooks",
          endpoint: "https://hooks.example.com",
          auth: { keyId: "k9", signingSecret: SECRET },
        };
        const created = await rpc<providerPb.CreateResponse>(
          "create",
          new providerPb.CreateRequest()
            .setUrn(urn)
            .setType(type)
            .setProperties(structPb.Struct.fromJavaScript(properties)),
        );
        const outputs = created.getProperties()?.toJavaScript() as { auth: Record<string, unknown> };
        expect(outputs.auth.keyId).toBe("k9");
        expect(outputs.auth.signingSecret).toEqual({ [SECRET_SIG_KEY]: SECRET_SIG, value: SECRET });
        await rpc(
          "delete",
          new providerPb.DeleteRequest()
            .setUrn(urn)
            .setType(type)
            .setId(created.getId())
            .setProperties(created.getProperties()),
        );
        expect((await harness.admin("GET", `/connectors/${created.getId()}`)).status).toBe(404);
      } finally {
        client.close();
        await server.stop();
      }
    });

    it("generate: the connector is written, its secret read from the stack configuration", async () => {
      const made = (
        await harness.admin("POST", "/connectors", {
          name: "Generated",
          endpoint: "https://gen.example.com",
          auth: { key_id: "k3", signing_secret: SECRET },
        })
      ).json;
      const snapshot = await readTenant(runtime.sharedClient());
      expect(snapshot.objects.connector).toEqual([made]);
      const { files } = buildProgram(snapshot, {
        projectName: "p",
        providerVersion: "0.2.0",
        pulumiVersion: "3.248.0",
      });
      const index = files["index.ts"]!;
      // It adopts its object by the id adopt.json records under its name (on this tenant only); the code holds no id.
      const name = /new tenant\.Connector\("(generated\w*)", \{[^}]*adoptId: adopt\.id\("\1"\)/.exec(index)?.[1];
      expect(JSON.parse(files["adopt.json"]!).ids).toEqual({ [name!]: made.id });
      expect(index).not.toContain(made.id);
      // The API never answers it: the program reads it from the stack configuration, to create the connector again.
      expect(index).toMatch(
        /auth: \{ key_id: "k3", signing_secret: cfg\.requireSecret\("generated\w*AuthSigningSecret"\) \}/,
      );
      expect(index).not.toContain(SECRET);
      await harness.admin("DELETE", `/connectors/${made.id}`);
    });
  });

  it("schema: the signing secret is marked secret in the inputs and the outputs", () => {
    const schema = packageSchema("0.2.0") as {
      resources: Record<
        string,
        { inputProperties: Record<string, { $ref?: string }>; properties: Record<string, { $ref?: string }> }
      >;
      types: Record<string, { properties: Record<string, { secret?: boolean }> }>;
    };
    const resource = schema.resources["tenant:index:Connector"]!;
    for (const properties of [resource.inputProperties, resource.properties]) {
      const type = schema.types[properties.auth!.$ref!.replace("#/types/", "")]!;
      expect(type.properties.signingSecret?.secret).toBe(true);
      expect(type.properties.keyId?.secret).toBeUndefined();
    }
  });
});
