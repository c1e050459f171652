/**
 * Auth0's deploy CLI (`auth0-deploy-cli`, a dev dependency) as the benchmark runs it: its
 * input written from the same scenario the Pulumi programs declare (bench/programs/scenario.ts),
 * run by scripts/lib/deploy-cli.ts against a TLS tenant server.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runDeployCli as runShared } from "../../scripts/lib/deploy-cli";
import type { TenantServer } from "../../server/index";
import { formInputs, type Scenario } from "../programs/scenario";

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

/** Runs `a0deploy <args>` against `server` for the benchmark's resource types (scripts/lib/deploy-cli.ts). */
export function runDeployCli(server: TenantServer, workDir: string, args: string[]): Promise<string> {
  return runShared(server, workDir, args, RESOURCE_TYPES);
}
