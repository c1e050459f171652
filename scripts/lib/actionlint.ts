/**
 * actionlint, the checker of GitHub Actions workflows, for the test that runs the workflows of
 * examples/ci: built once from its Go module through the Go module proxy (no download site is
 * needed) and cached in ~/.pulumi-tenant-tools (or `PULUMI_TENANT_TOOLS`), as the Pulumi CLI is
 * cached by scripts/setup-pulumi.sh. `PULUMI_TENANT_ACTIONLINT` names another binary to use.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The version built (one the Go module proxy serves). */
export const ACTIONLINT_VERSION = "v1.7.12";
const MODULE = "github.com/rhysd/actionlint/cmd/actionlint";

function log(text: string): void {
  process.stderr.write(`[actionlint] ${text}\n`);
}

/** Where the built binary is cached. */
export function actionlintPath(): string {
  const tools = process.env.PULUMI_TENANT_TOOLS ?? path.join(os.homedir(), ".pulumi-tenant-tools");
  return path.join(tools, `actionlint-${ACTIONLINT_VERSION}`, "actionlint");
}

/** `go install MODULE@VERSION` into `gobin`, with Go's own progress on stderr; the exit status. */
function goInstall(gobin: string, env: NodeJS.ProcessEnv): number | null {
  const result = spawnSync("go", ["install", `${MODULE}@${ACTIONLINT_VERSION}`], {
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
    env: { ...process.env, ...env, GOBIN: gobin, CGO_ENABLED: "0" },
  });
  process.stderr.write(result.stderr ?? "");
  // Some module mirrors do not serve the checksum database: retried without it, as scripts/lib/go-build.sh does.
  if (result.status !== 0 && /sum\.golang\.org|verifying module/.test(result.stderr ?? "") && !env.GOSUMDB) {
    log("checksum database unreachable: retrying with GOSUMDB=off");
    return goInstall(gobin, { ...env, GOSUMDB: "off" });
  }
  return result.status;
}

/**
 * The path of an actionlint binary: `PULUMI_TENANT_ACTIONLINT`, else the cached build, else one
 * built now (a minute or two the first time). Throws saying what to install when Go is missing.
 */
export function ensureActionlint(): string {
  const given = process.env.PULUMI_TENANT_ACTIONLINT;
  if (given && fs.existsSync(given)) return given;
  const target = actionlintPath();
  if (fs.existsSync(target)) return target;
  if (spawnSync("go", ["version"], { stdio: "ignore" }).status !== 0) {
    throw new Error(
      `actionlint is not in ${target}, and there is no Go toolchain to build it. Install Go >= 1.24, ` +
        `or put an actionlint binary there (or name one in PULUMI_TENANT_ACTIONLINT), then retry.`,
    );
  }
  log(`building ${MODULE}@${ACTIONLINT_VERSION} from the Go module proxy into ${path.dirname(target)}`);
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "actionlint-build-"));
  try {
    const status = goInstall(work, {});
    if (status !== 0) throw new Error(`go install ${MODULE}@${ACTIONLINT_VERSION} failed (exit ${status}; see above).`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(work, "actionlint"), `${target}.tmp`);
    fs.chmodSync(`${target}.tmp`, 0o755);
    fs.renameSync(`${target}.tmp`, target);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
  return target;
}
