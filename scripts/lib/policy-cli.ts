/**
 * The CLI bin folder the policy tests run: the pinned CLI's, when its Node.js language host
 * runs policy packs (an official host, or the runner scripts/setup-pulumi.sh puts in front of
 * the fallback host); else a private folder beside it with the runner (scripts/policy-runner)
 * in front of that host, built once, so the shared folder is left as it is.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./pulumi";

const VERSION = "3.248.0";

/** The bin folder of a CLI that runs policy packs. */
export function policyCliBin(): string {
  const root = process.env.PULUMI_TENANT_CLI_ROOT ?? path.join(os.homedir(), ".pulumi", "versions", VERSION);
  const shared = path.join(root, "bin");
  const runner = path.join(root, "hosts", "policy-runner");
  const fallback = fs.existsSync(path.join(root, "build", "language-host-fallback"));
  const host = path.join(shared, "pulumi-language-nodejs");
  if (!fallback || (fs.existsSync(runner) && fs.readFileSync(runner).equals(fs.readFileSync(host)))) return shared;
  const own = path.join(REPO_ROOT, "test-artifacts", "policy-cli");
  const bin = path.join(own, "bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.mkdirSync(path.join(own, "hosts"), { recursive: true });
  const script = [
    "set -euo pipefail",
    "log() { printf '[policy-cli] %s\\n' \"$*\" >&2; }",
    `source "${REPO_ROOT}/scripts/lib/go-build.sh"`,
    `build_tool "${REPO_ROOT}/scripts/policy-runner/main.go" "${own}/build" "${own}/hosts/policy-runner" ` +
      `"$(printf 'module pulumi-tenant/policy-runner\\n\\ngo 1.24\\n\\nrequire github.com/pulumi/pulumi/sdk/v3 v${VERSION}')" "the policy runner"`,
  ].join("\n");
  execFileSync("bash", ["-c", script], { stdio: ["ignore", "inherit", "inherit"] });
  fs.copyFileSync(path.join(own, "hosts", "policy-runner"), path.join(bin, "pulumi-language-nodejs"));
  fs.chmodSync(path.join(bin, "pulumi-language-nodejs"), 0o755);
  const link = (target: string, at: string) => {
    fs.rmSync(at, { force: true });
    fs.symlinkSync(target, at);
  };
  link(path.join(root, "hosts", "language-options"), path.join(own, "hosts", "language-options"));
  link(path.join(shared, "pulumi-resource-pulumi-nodejs"), path.join(bin, "pulumi-resource-pulumi-nodejs"));
  // The CLI finds its bundled language host beside its own (resolved) path: a copy, not a link.
  const cli = path.join(bin, "pulumi");
  if (!fs.existsSync(cli) || fs.statSync(cli).size !== fs.statSync(path.join(shared, "pulumi")).size) {
    fs.rmSync(cli, { force: true });
    try {
      fs.linkSync(path.join(shared, "pulumi"), cli);
    } catch {
      fs.copyFileSync(path.join(shared, "pulumi"), cli);
      fs.chmodSync(cli, 0o755);
    }
  }
  return bin;
}
