/**
 * Auth0's deploy CLI (`auth0-deploy-cli`, a dev dependency) as the benchmark runs it: its
 * input written from the same scenario the Pulumi programs declare (bench/programs/scenario.ts),
 * run as a child process against a TLS tenant server (it builds `https://<domain>/api/v2`) that
 * it trusts through NODE_EXTRA_CA_CERTS.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import type { TenantServer } from "../../server/index";
import { formInputs, type Scenario } from "../programs/scenario";

const DEPLOY_CLI = path.join(REPO_ROOT, "node_modules", "auth0-deploy-cli", "lib", "index.js");

/** The resource types the deploy CLI manages in the benchmark (its AUTH0_INCLUDED_ONLY). */
const RESOURCE_TYPES = ["forms", "eventStreams"];

/** The webhook password of every stream (the Pulumi programs' `hookPassword`). */
export const HOOK_PASSWORD = "bench-hook-pa55word";

/**
 * Writes the deploy CLI's directory-less YAML input for `scenario` into `dir`: `tenant.yaml`
 * and one JSON file per form (its `forms/` convention). The same objects as the Pulumi program's.
 */
export function writeDeployCliInput(dir: string, scenario: Scenario): string {
  const formsDir = path.join(dir, "forms");
  fs.mkdirSync(formsDir, { recursive: true });
  const forms = Array.from({ length: scenario.forms ?? 0 }, (_, i) => {
    const { name, ...body } = formInputs(scenario, i);
    const file = `form-${i}.json`;
    fs.writeFileSync(path.join(formsDir, file), JSON.stringify(body, null, 2));
    return { name, body: `./forms/${file}` };
  });
  const eventStreams = Array.from({ length: scenario.streams ?? 0 }, (_, i) => ({
    name: `audit-${i}`,
    status: "enabled",
    subscriptions: [{ event_type: "user.created" }, { event_type: "user.deleted" }],
    destination: {
      type: "webhook",
      configuration: {
        webhook_endpoint: "https://hooks.example.com/auth0",
        webhook_authorization: { method: "basic", username: "hook", password: HOOK_PASSWORD },
      },
    },
  }));
  const file = path.join(dir, "tenant.yaml");
  // JSON is YAML: the CLI's YAML reader takes it as it is.
  fs.writeFileSync(file, JSON.stringify({ forms, eventStreams }, null, 2));
  return file;
}

/** Runs `a0deploy <args>` against `server`; resolves with its output, rejects with it when it fails. */
export function runDeployCli(server: TenantServer, workDir: string, args: string[]): Promise<string> {
  if (!server.caCertPath) throw new Error("the deploy CLI needs a TLS tenant server (tls: true)");
  const config = path.join(workDir, "config.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      AUTH0_DOMAIN: new URL(server.url).host,
      AUTH0_CLIENT_ID: server.credentials.clientId,
      AUTH0_CLIENT_SECRET: server.credentials.clientSecret,
      AUTH0_INCLUDED_ONLY: RESOURCE_TYPES,
      AUTH0_ALLOW_DELETE: false,
    }),
    { mode: 0o600 },
  );
  return new Promise((resolve, reject) => {
    // Asynchronous: the server runs in this process and must answer while the CLI runs.
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
      else reject(new Error(`a0deploy ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`));
    });
  });
}
