/**
 * Real-service fidelity through the real Pulumi engine: configurations the published
 * schema accepts (and that were refused at preview before) go through `preview` and
 * `up`; each invalid configuration fails `pulumi preview` naming the property and
 * writes nothing; a form's component secrets appear neither in `pulumi stack export`
 * nor in the state files nor in the server's log.
 *
 * The program (test/e2e/fidelity) takes its resources from stack config as untyped
 * JSON, as a JavaScript program would: `check` is what is tested, not the compiler.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { ensurePulumiCli, pulumiEnv } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, rawStateText, startE2e, writesIn, type E2eContext } from "./harness";
import { tempDir } from "../server/helpers";
import { INVALID_INPUTS, webhook } from "../conformance/invalid-inputs";

jest.setTimeout(E2E_TIMEOUT_MS * 2);

const PROGRAM_DIR = path.join(__dirname, "fidelity");
const STACK = `fidelity-${process.pid}`;

/** Two from secret config, two written as plain strings in the program (fidelity/index.ts). */
const SECRETS = {
  captchaSecret: "captcha-secret-Fd81kQ",
  stripeKey: "sk_live_Fd72mW",
  mapsKey: "maps-key-plain-Fd63zR",
  vcToken: "vc-token-plain-Fd54xT",
};

type Json = Record<string, unknown>;
const s = (n: number, c = "a") => c.repeat(n);

/** The four configurations the issue names as refused at preview before. */
const ONCE_REFUSED: Json[] = [
  {
    name: "Router with conditions",
    nodes: [
      {
        id: "router_1",
        type: "ROUTER",
        config: {
          rules: [
            {
              id: "rule_1",
              alias: "EU",
              condition: { operator: "EQ", operands: ["{{fields.region}}", "eu"] },
              next_node: "$ending",
            },
          ],
          fallback: "$ending",
        },
      },
    ],
    start: { next_node: "router_1" },
  },
  { name: "Long languages", languages: { primary: s(55, "p"), default: s(40, "d") } },
  { name: "Free translation keys", translations: { "zh-Hant-TW-x-private-use": { welcome: "歡迎" } } },
  { name: "Hidden field without value", start: { hidden_fields: [{ key: "tracking_id" }], next_node: "$ending" } },
];

describe("real-service fidelity through the Pulumi engine", () => {
  let ctx: E2eContext;
  const logDir = tempDir("tenant-fidelity-log-");
  const serverLog = path.join(logDir, "server.log");
  const engineOutput: string[] = [];
  const onOutput = (out: string) => engineOutput.push(out);

  const setResources = async (resources: { forms?: Json[]; streams?: Json[]; secretForm?: boolean }) => {
    await ctx.stack.setAllConfig({
      forms: { value: JSON.stringify(resources.forms ?? []) },
      streams: { value: JSON.stringify(resources.streams ?? []) },
      secretForm: { value: String(resources.secretForm ?? false) },
    });
  };

  beforeAll(async () => {
    ctx = await startE2e({
      programDir: PROGRAM_DIR,
      stackName: STACK,
      server: { logger: { destination: serverLog, level: "trace" } },
      config: {
        captchaSecret: { value: SECRETS.captchaSecret, secret: true },
        stripeKey: { value: SECRETS.stripeKey, secret: true },
      },
    });
  });

  afterAll(async () => {
    await ctx?.dispose();
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  test("the four configurations once refused at preview go through preview and up, then change nothing", async () => {
    await setResources({
      forms: ONCE_REFUSED,
      streams: [
        {
          name: "new event type",
          subscriptions: [{ event_type: "connection.created" }],
          destination: webhook({ method: "basic", username: s(128, "u"), password: "hook-password-Fd1" }),
        },
      ],
    });
    const preview = await ctx.stack.preview({ onOutput });
    expect(preview.changeSummary.create).toBe(1 + ONCE_REFUSED.length + 1);
    const up = await ctx.stack.up({ onOutput });
    expect(up.summary.result).toBe("succeeded");
    expect((await ctx.api.forms()).map((form) => form.name).sort()).toEqual(
      ONCE_REFUSED.map((form) => form.name).sort(),
    );
    await ctx.stack.up({ expectNoChanges: true, onOutput });
  });

  // `check` refuses each of INVALID_INPUTS naming its property (test/unit/api/conformance.test.ts);
  // through the engine one is enough to see the preview fail with that name and write nothing.
  test("an invalid configuration fails pulumi preview naming the property, and writes nothing", async () => {
    const invalid = INVALID_INPUTS.find((input) => input.what === "a component missing a required config key")!;
    await setResources({ forms: invalid.forms, streams: invalid.streams });
    ctx.server.counters.reset();
    const output: string[] = [];
    const error = await ctx.stack.preview({ onOutput: (out) => output.push(out) }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeDefined();
    expect(`${error?.message ?? ""}\n${output.join("")}`).toContain(invalid.property);
    expect(writesIn(ctx.server.counters.snapshot())).toBe(0);
  });

  test("a form's component secrets are in neither stack export, state files, engine output nor the server log", async () => {
    await setResources({ secretForm: true });
    const up = await ctx.stack.up({ onOutput, diff: true });
    expect(up.summary.result).toBe("succeeded");
    // They did reach the tenant (the API stores them and returns them on GET) ...
    const plain = (await ctx.api.forms()).find((form) => form.name === "Plain component secrets")!;
    expect(JSON.stringify((await ctx.api.call("GET", `/forms/${plain.id}`)).body)).toContain(SECRETS.mapsKey);
    // ... and refresh keeps them encrypted; nothing drifts.
    await ctx.stack.refresh({ onOutput, expectNoChanges: true });
    await ctx.stack.up({ onOutput, expectNoChanges: true });

    const binDir = ensurePulumiCli();
    const env = pulumiEnv(binDir, {
      stateDir: path.join(ctx.tmpDir, "state"),
      homeDir: path.join(ctx.tmpDir, "home"),
      passphrase: "e2e-passphrase",
    });
    const exported = spawnSync(
      path.join(binDir, "pulumi"),
      ["stack", "export", "--stack", STACK, "--non-interactive"],
      {
        cwd: ctx.programDir,
        env: { ...process.env, ...env },
        encoding: "utf8",
      },
    );
    expect(exported.status).toBe(0);
    expect(exported.stdout).toContain("pulumi-nodejs:dynamic/tenant:Form");
    // Control: the secrets are in the stack, encrypted (the Automation API's export decrypts them).
    const decrypted = JSON.stringify(await ctx.stack.exportStack());
    for (const secret of Object.values(SECRETS)) expect(decrypted).toContain(secret);

    await ctx.stack.destroy({ onOutput });
    await ctx.server.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const places: Record<string, string> = {
      "pulumi stack export": exported.stdout,
      "state files": rawStateText(ctx),
      "engine output": engineOutput.join(""),
      "server log": fs.readFileSync(serverLog, "utf8"),
    };
    expect(places["server log"].length).toBeGreaterThan(0);
    const found = Object.entries(places).flatMap(([place, text]) =>
      Object.entries(SECRETS)
        .filter(([, secret]) => text.includes(secret))
        .map(([name]) => `${name} in ${place}`),
    );
    expect(found).toEqual([]);
  });
});
