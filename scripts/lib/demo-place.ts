/** Where the demo keeps its tenant and its Pulumi state (shared by demo and drift). */
import * as path from "node:path";
import { REPO_ROOT, type PulumiPlace } from "./pulumi";

const DEMO_HOME = process.env.TENANT_DEMO_HOME ?? REPO_ROOT;

/** The demo's folders (under TENANT_DEMO_HOME, default the repository), port and stack. */
export const DEMO = {
  dataDir: path.join(DEMO_HOME, ".tenant"),
  pulumiDir: path.join(DEMO_HOME, ".pulumi-demo"),
  port: Number(process.env.TENANT_PORT ?? 4010),
  stackName: "demo",
};

/** The demo's local backend and passphrase (override with PULUMI_CONFIG_PASSPHRASE). */
export function demoPlace(): PulumiPlace {
  return {
    stateDir: path.join(DEMO.pulumiDir, "state"),
    homeDir: path.join(DEMO.pulumiDir, "home"),
    passphrase: process.env.PULUMI_CONFIG_PASSPHRASE ?? "pulumi-tenant-demo",
  };
}
