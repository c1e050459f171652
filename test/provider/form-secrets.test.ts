/**
 * Form component secrets at the provider: sent to the API and read back (the published
 * response schemas include them), never in an error message, never in the create journal.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { call, formProvider, startHarness, type ProviderHarness } from "./helpers";

const SECRET = {
  captcha: "recaptcha-secret-Zx81",
  maps: "gmaps-key-Qw72",
  stripe: "sk_live_Pq63",
  token: "vc-token-Lm54",
};

const secretForm = (name: string) => ({
  name,
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      config: {
        components: [
          {
            id: "captcha",
            category: "WIDGET",
            type: "RECAPTCHA",
            config: { site_key: "site-public", secret_key: SECRET.captcha },
          },
          { id: "address", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: SECRET.maps } },
          {
            id: "pay",
            category: "FIELD",
            type: "PAYMENT",
            config: {
              charge: { type: "ONE_OFF", one_off: { amount: "9.99", currency: "EUR" } },
              credentials: { public_key: "pk_live_1", private_key: SECRET.stripe },
            },
          },
          {
            id: "vc",
            category: "WIDGET",
            type: "AUTH0_VERIFIABLE_CREDENTIALS",
            config: {
              url: "https://vc.example.com",
              alternate_text: "Scan",
              access_token: SECRET.token,
              verification_id: "v1",
            },
          },
          { id: "jump", category: "BLOCK", type: "JUMP_BUTTON", config: { text: "Skip", next_node: "$ending" } },
        ],
        next_node: "$ending",
      },
    },
  ],
});

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        )
    : [];

describe("Form component secrets at the provider", () => {
  let harness: ProviderHarness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());

  it("are sent and read back, so refresh sees no drift", async () => {
    const inputs = secretForm("With secrets");
    expect((await call(formProvider, "check")({}, inputs)).failures).toEqual([]);
    const created = await call(formProvider, "create")(inputs);
    const stored = await harness.admin("GET", `/forms/${created.id}`);
    expect(JSON.stringify(stored.json)).toContain(SECRET.captcha);
    const read = await call(formProvider, "read")(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(await call(formProvider, "diff")(created.id, read.props!, inputs)).toEqual({ changes: false });
    await call(formProvider, "delete")(created.id, created.outs!);
  });

  it("appear neither in the error of a failed create nor in the create journal", async () => {
    harness.server.faults.add({ method: "POST", path: "/api/v2/forms", mode: "fail-after", status: 502, times: 3 });
    harness.server.faults.add({ method: "GET", path: "/api/v2/forms", mode: "fail-before", status: 503, times: 20 });
    const error = await call(
      formProvider,
      "create",
    )(secretForm("Failing")).then(
      () => new Error("created"),
      (e: unknown) => e as Error,
    );
    harness.server.faults.clear();
    expect(error.message).not.toBe("created");
    const text = `${error.message}\n${error.stack}\n${JSON.stringify(error)}`;
    const journal = filesUnder(process.env.PULUMI_HOME!)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    expect(journal.length).toBeGreaterThan(0);
    for (const secret of Object.values(SECRET)) {
      expect(text).not.toContain(secret);
      expect(journal).not.toContain(secret);
    }
  });

  it("check names a component's unknown config key and a dangling JUMP_BUTTON target", async () => {
    const inputs = secretForm("Broken");
    const components = inputs.nodes[0].config.components as Record<string, unknown>[];
    (components[0].config as Record<string, unknown>).requird = true;
    (components[4].config as Record<string, unknown>).next_node = "nowhere";
    const { failures } = await call(formProvider, "check")({}, inputs);
    expect(failures?.map((failure) => failure.property)).toEqual([
      "nodes[0].config.components[0].config.requird",
      "nodes[0].config.components[4].config.next_node",
    ]);
  });
});
