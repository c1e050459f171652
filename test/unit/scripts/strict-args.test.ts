/**
 * No silently ignored option: every command and script of the repository refuses an option
 * it does not know, naming it, before it does anything else. Each script runs as a person
 * runs it (a child process; ts-node compiles it without a type check), with one unknown option.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { main as pulumiTenant } from "../../../provider/cli/index";
import { parseArgs as parseServerArgs } from "../../../server/cli";

const ROOT = resolve(__dirname, "../../..");
const UNKNOWN = "--no-such-option";

/**
 * Runs `script` (a path under the repository) with `args`; its exit status and stderr. The
 * build's JavaScript (`dist/…`, what `npm run …` runs) when it is at least as new as the
 * source: loading a script's imports through ts-node took over a minute on a busy machine.
 */
function runScript(script: string, args: string[]): { status: number | null; stderr: string } {
  const compiled = resolve(ROOT, "dist", script.replace(/\.ts$/, ".js"));
  const fresh = existsSync(compiled) && statSync(compiled).mtimeMs >= statSync(resolve(ROOT, script)).mtimeMs;
  const result = spawnSync(
    process.execPath,
    fresh ? [compiled, ...args] : ["-r", "ts-node/register/transpile-only", script, ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 240_000,
      env: { ...process.env, TS_NODE_PROJECT: resolve(ROOT, "tsconfig.json") },
    },
  );
  return { status: result.status, stderr: result.stderr };
}

const SCRIPTS: readonly (readonly [string, string])[] = [
  ["npm run demo", "scripts/demo.ts"],
  ["npm run drift", "scripts/drift.ts"],
  ["npm run schema", "scripts/schema.ts"],
  ["npm run sdk", "scripts/sdk.ts"],
  ["npm run docs", "scripts/api-reference.ts"],
  ["npm run tsdoc", "scripts/tsdoc.ts"],
  ["npm run plugin:pack", "scripts/plugin-pack.ts"],
  ["npm run release", "scripts/release.ts"],
  ["npm test", "scripts/run-tests.ts"],
  ["npm run bench", "bench/run.ts"],
  ["node dist/bench/probe-refresh.js", "bench/probe-refresh.ts"],
  ["node dist/bench/profile.js", "bench/profile.ts"],
];

test.each(SCRIPTS)("%s refuses an unknown option, naming it (exit 1)", (command, script) => {
  const { status, stderr } = runScript(script, [UNKNOWN]);
  expect(status).toBe(1);
  expect(stderr).toContain(`${command}: Unknown option '${UNKNOWN}'`);
  expect(stderr).toContain(`${command} takes:`);
});

test.each([
  ["npm run setup:pulumi", "scripts/setup-pulumi.sh"],
  ["npm run setup:languages", "scripts/setup-languages.sh"],
])("%s refuses an unknown option, naming it (exit 1), before doing anything", (command, script) => {
  const result = spawnSync("bash", [script, UNKNOWN], { cwd: ROOT, encoding: "utf8", timeout: 30_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    `${command}: Unknown option '${UNKNOWN}'. ${command === "npm run setup:pulumi" ? "It takes: --dry-run." : "It takes: --sdk-only."}\n`,
  );
});

describe("pulumi-tenant", () => {
  let stderr: string;
  const write = process.stderr.write.bind(process.stderr);
  beforeEach(() => {
    stderr = "";
    process.stderr.write = ((chunk: string) => ((stderr += chunk), true)) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stderr.write = write;
  });

  test.each(["drift", "generate", "recover"])("%s refuses an unknown option, naming it (exit 1)", async (command) => {
    await expect(pulumiTenant([command, UNKNOWN])).resolves.toBe(1);
    expect(stderr).toContain(`pulumi-tenant ${command}: Unknown option '${UNKNOWN}'`);
  });
});

test("the tenant server refuses an unknown option, naming it", () => {
  expect(() => parseServerArgs([UNKNOWN])).toThrow(`Unknown option '${UNKNOWN}'`);
});
