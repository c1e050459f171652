/**
 * Auth0's deploy CLI (`auth0-deploy-cli`, a dev dependency) run against a TLS tenant server, as its
 * users run it: a child process with a config file, `https://<domain>/api/v2` built from the
 * server's `127.0.0.1:PORT`, the server's CA trusted through NODE_EXTRA_CA_CERTS. Used by the
 * deploy-CLI end-to-end suite and bench section 8.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { TenantServer } from "../../server/index";
import { REPO_ROOT } from "./pulumi";

const DEPLOY_CLI = path.join(REPO_ROOT, "node_modules", "auth0-deploy-cli", "lib", "index.js");

/**
 * Runs `a0deploy <args>` against `server` from `workDir` (its config file is written there), managing
 * `resourceTypes` only (AUTH0_INCLUDED_ONLY), deleting nothing; resolves with its output, rejects with
 * it when the CLI fails. Asynchronous, so a server in this process answers while the CLI runs.
 */
export function runDeployCli(
  server: TenantServer,
  workDir: string,
  args: string[],
  resourceTypes: readonly string[],
): Promise<string> {
  if (!server.caCertPath) throw new Error("the deploy CLI needs a TLS tenant server (tls: true)");
  const config = path.join(workDir, "config.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      AUTH0_DOMAIN: new URL(server.url).host,
      AUTH0_CLIENT_ID: server.credentials.clientId,
      AUTH0_CLIENT_SECRET: server.credentials.clientSecret,
      AUTH0_INCLUDED_ONLY: resourceTypes,
      AUTH0_ALLOW_DELETE: false,
    }),
    { mode: 0o600 },
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEPLOY_CLI, ...args, "-c", config], {
      cwd: workDir,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: server.caCertPath, AUTH0_DEBUG: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`a0deploy ${args.join(" ")} exited ${code}:\n${output}`));
    });
  });
}
