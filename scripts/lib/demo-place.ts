/**
 * Where the demo keeps its world (shared by demo and drift): everything under one folder,
 * `.pulumi-demo/` of TENANT_DEMO_HOME (default the repository), apart from the tenant that
 * `npm run tenant` serves from `.tenant/`, so the two never share data and run side by side.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ENV_KEYS } from "../../provider/client/settings";
import { REPO_ROOT, type PulumiPlace } from "./pulumi";
import type { TenantCredentials } from "./tenant-process";

const DEMO_HOME = process.env.TENANT_DEMO_HOME ?? REPO_ROOT;

/** The demo server's port when TENANT_PORT does not say: not `npm run tenant`'s 4010, so both can run. */
export const DEMO_PORT = 4020;

const root = path.join(DEMO_HOME, ".pulumi-demo");

/** The demo's folders, port and stack. */
export const DEMO = {
  /** Everything of the demo: `--stop` removes this folder. */
  root,
  /** The demo tenant server's data (its own, never `npm run tenant`'s `.tenant/`). */
  dataDir: path.join(root, "tenant"),
  /**
   * The demo's Pulumi project: a Pulumi.yaml running examples/realistic, and the stack's
   * configuration beside it, so that nothing of the demo is written into the checkout.
   */
  projectDir: path.join(root, "project"),
  /** The port for this run: TENANT_PORT, else {@link DEMO_PORT}. */
  port: Number(process.env.TENANT_PORT ?? DEMO_PORT),
  stackName: "demo",
};

/** `dir` as a user reads it: relative to the current folder when inside it (`.pulumi-demo/tenant`). */
export function shown(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : dir;
}

/** The demo's local backend and passphrase (override with PULUMI_CONFIG_PASSPHRASE). */
export function demoPlace(): PulumiPlace {
  return {
    stateDir: path.join(DEMO.root, "state"),
    homeDir: path.join(DEMO.root, "home"),
    passphrase: process.env.PULUMI_CONFIG_PASSPHRASE ?? "pulumi-tenant-demo",
  };
}

/**
 * Writes the demo's Pulumi project (once): the repository's Pulumi.yaml with `main` pointing
 * back at the example, so the stack's `Pulumi.demo.yaml` lands in {@link DEMO.projectDir}.
 */
export function ensureDemoProject(): string {
  const file = path.join(DEMO.projectDir, "Pulumi.yaml");
  const main = path.relative(DEMO.projectDir, path.join(REPO_ROOT, "examples", "realistic"));
  const text = fs.readFileSync(path.join(REPO_ROOT, "Pulumi.yaml"), "utf8").replace(/^main: .*$/m, `main: ${main}/`);
  if (!text.includes(`main: ${main}/`)) throw new Error(`${path.join(REPO_ROOT, "Pulumi.yaml")} has no main: line`);
  fs.mkdirSync(DEMO.projectDir, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
  return DEMO.projectDir;
}

/**
 * How the demo stack reaches its tenant in this run: the provider's environment variables,
 * never the stack's configuration. The server's address changes with its port (TENANT_PORT),
 * and what is in the configuration is what the engine keeps in the stack: the next run, or a
 * destroy, would call the port of an earlier run.
 */
export function demoTenantEnv(credentials: TenantCredentials): Record<string, string> {
  return {
    [ENV_KEYS.domain]: credentials.domain,
    [ENV_KEYS.clientId]: credentials.clientId,
    [ENV_KEYS.clientSecret]: credentials.clientSecret,
    [ENV_KEYS.audience]: credentials.audience,
  };
}
