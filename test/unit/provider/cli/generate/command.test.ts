/** `pulumi-tenant generate`: flags, settings, help and exit codes, and when policies are skipped. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { KIND_NAMES, KINDS, type KindSpec } from "../../../../../api";
import { cli } from "../run-cli";
import { providerVersion, writeProgram } from "../../../../../provider/cli/generate/command";
import { parseFlags, projectNameFrom, settingsFromFlags } from "../../../../../provider/cli/generate/flags";
import { BucketPacer } from "../../../../../provider/cli/generate/pacer";
import { earlyAccessSkipReason } from "../../../../../provider/client/early-access";
import {
  ConfigurationError,
  FeatureUnavailableError,
  NotFoundError,
  UnauthorizedError,
} from "../../../../../provider/client/errors";

describe("pulumi-tenant generate (command line)", () => {
  it("--help documents the options, the AUTH0_* fallbacks and the exit codes, and exits 0", async () => {
    const { code, stdout } = await cli(["generate", "--help"]);
    expect(code).toBe(0);
    for (const text of [
      "--out DIR",
      "--domain",
      "--client-id",
      "--client-secret",
      "--api-token",
      "--tenant NS",
      "AUTH0_DOMAIN",
      "Exit codes: 0 the program was written, 1 error",
    ]) {
      expect(stdout).toContain(text);
    }
    expect((await cli(["--help"])).stdout).toMatch(/generate +write a Pulumi program/);
  });

  it("--help names the read scope of every kind of the table, an Early Access kind's with a global client", async () => {
    const { stdout } = await cli(["generate", "--help"]);
    const paragraph = stdout.slice(stdout.indexOf("Scopes the client needs")).split("\n\n")[0]!.replace(/\s+/g, " ");
    for (const kind of KIND_NAMES) {
      const spec: KindSpec = KINDS[kind];
      expect(paragraph).toContain(spec.scopes.list ?? spec.scopes.get);
      if (spec.earlyAccess) expect(paragraph).toContain(`with a global client for the ${spec.plural}`);
    }
    // Kinds behind one API share its scope (actions and trigger bindings: read:actions): each is named once.
    const scopes = paragraph.match(/\b[a-z]+:[a-z_]+\b/g) ?? [];
    expect(scopes).toEqual([...new Set(scopes)]);
  });

  it("fails with exit code 1 and says what is missing", async () => {
    const noOut = await cli(["generate", "--domain", "x.example.com", "--api-token", "t"]);
    expect(noOut.code).toBe(1);
    expect(noOut.stderr).toContain("--out DIR is required");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generate-cli-"));
    fs.writeFileSync(path.join(dir, "keep.txt"), "mine");
    try {
      const notEmpty = await cli(["generate", "--out", dir, "--domain", "x.example.com", "--api-token", "t"]);
      expect(notEmpty.code).toBe(1);
      expect(notEmpty.stderr).toContain("is not empty");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await cli(["generate", "--bogus"])).code).toBe(1);
  });

  it("flag values may start with a dash (client ids do)", () => {
    expect(parseFlags(["--client-id", "-abc", "--client-secret", "--x", "--out", "dir", "--force"])).toEqual({
      "client-id": "-abc",
      "client-secret": "--x",
      out: "dir",
      force: true,
    });
  });

  it("--refresh-always is a switch", () => {
    expect(parseFlags(["--out", "dir", "--refresh-always"])).toEqual({ out: "dir", "refresh-always": true });
  });

  it("flags win over the AUTH0_* variables, which fill the gaps", () => {
    const env = { AUTH0_DOMAIN: "env.example.com", AUTH0_CLIENT_ID: "env-id", AUTH0_CLIENT_SECRET: "env-secret" };
    expect(settingsFromFlags({ domain: "http://127.0.0.1:4010" }, env)).toMatchObject({
      origin: "http://127.0.0.1:4010",
      clientId: "env-id",
      clientSecret: "env-secret",
    });
    expect(settingsFromFlags({}, { AUTH0_DOMAIN: "env.example.com", AUTH0_API_TOKEN: "tok" })).toMatchObject({
      origin: "https://env.example.com",
      apiToken: "tok",
    });
  });

  it("missing settings name both the flags and the variables", () => {
    expect(() => settingsFromFlags({}, {})).toThrow(ConfigurationError);
    expect(() => settingsFromFlags({}, {})).toThrow(
      /--domain \(or AUTH0_DOMAIN\).*--client-id and --client-secret.*--api-token \(or AUTH0_API_TOKEN\)/,
    );
  });

  it("the project is named after the folder; the provider version is this package's", () => {
    expect(projectNameFrom("my tenant (prod)")).toBe("my-tenant-prod");
    expect(projectNameFrom("...")).toBe("tenant");
    expect(providerVersion()).toBe(
      JSON.parse(fs.readFileSync(path.join(__dirname, "../../../../../provider/package.json"), "utf8")).version,
    );
  });

  it("secret values the API returned go to private files, without a trailing newline", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generate-write-"));
    try {
      writeProgram(dir, { "index.ts": "// x\n" }, [{ name: "aKey", value: "s3cret" }, { name: "webhook" }]);
      const secretDir = path.join(dir, ".tenant-secrets");
      expect(fs.readdirSync(secretDir)).toEqual(["aKey"]);
      expect(fs.readFileSync(path.join(secretDir, "aKey"), "utf8")).toBe("s3cret");
      expect(fs.statSync(secretDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(secretDir, "aKey")).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an Early Access kind is skipped with a note when the feature or a global client is missing; other errors stop", () => {
    const target = { kind: "rate limit policy", action: "list" };
    const policySkipReason = (error: unknown) => earlyAccessSkipReason(KINDS.rateLimitPolicy, error);
    expect(policySkipReason(new FeatureUnavailableError(target, "off", undefined))).toMatch(
      /rate limit policies are not enabled for this tenant/,
    );
    expect(policySkipReason(new UnauthorizedError(target, "not global", undefined))).toMatch(/need a global client/);
    expect(policySkipReason(new NotFoundError(target, "x", undefined))).toBeUndefined();
    expect(policySkipReason(new Error("network"))).toBeUndefined();
    // A kind that is not Early Access has no such excuse: its list's failure stops `generate`.
    expect(earlyAccessSkipReason(KINDS.form, new UnauthorizedError(target, "not global", undefined))).toBeUndefined();
  });
});

describe("the generator's pacer", () => {
  /** A fake clock whose sleeps advance it. */
  function fakeTime() {
    let now = 1_000_000;
    return {
      now: () => now,
      sleep: async (ms: number) => {
        now += Math.max(0, ms);
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it("spends the bucket the server announced down to the limiter's reserve, then starts one request per refill interval", async () => {
    const time = fakeTime();
    const pacer = new BucketPacer({ now: time.now, sleep: time.sleep, maxConcurrent: 8 });
    pacer.observe({ limit: 10, remaining: 3, resetEpochSeconds: time.now() / 1000 + 1 });
    const starts: number[] = [];
    for (let i = 0; i < 6; i += 1)
      await pacer.run(async () => {
        starts.push(time.now());
      });
    const gaps = starts.slice(1).map((at, i) => at - starts[i]);
    // Of the 3 tokens left, the one above the shared limiter's reserve (a fifth of the bucket) goes at once,
    expect(gaps[0]).toBe(0);
    // then 10/s, with a margin.
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(100);
    for (const gap of gaps.slice(1)) expect(gap).toBeLessThanOrEqual(110);
  });

  it("a 429 empties the bucket and nothing starts before Retry-After", async () => {
    const time = fakeTime();
    const pacer = new BucketPacer({ now: time.now, sleep: time.sleep });
    pacer.observe({ limit: 50, remaining: 50 });
    const before = time.now();
    pacer.rateLimited(1000);
    let startedAt = 0;
    await pacer.run(async () => {
      startedAt = time.now();
    });
    expect(startedAt - before).toBeGreaterThanOrEqual(1000);
  });

  it("never believes more tokens than the server last said", async () => {
    const time = fakeTime();
    const pacer = new BucketPacer({ now: time.now, sleep: time.sleep });
    pacer.observe({ limit: 100, remaining: 100 });
    pacer.observe({ limit: 100, remaining: 0 }); // another client spent the bucket
    const before = time.now();
    await pacer.run(async () => undefined);
    expect(time.now() - before).toBeGreaterThanOrEqual(10);
  });
});
