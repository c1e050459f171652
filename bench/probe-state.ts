/**
 * Probe: the bytes of state each resource costs, per kind and per door. `node
 * dist/bench/probe-state.js [--doors=tenant,plugin] [--json FILE]`: for each door (the dynamic
 * providers, `tenant`; the resource plugin on the Node SDK, `plugin`) a fresh stack declaring one
 * object of every kind (the bench scenario with `everyKind`: bench/programs/scenario.ts) on a
 * tenant server of its own, `up`, then `pulumi stack export` read resource by resource: the bytes
 * of its entry in the exported deployment (JSON, as the file backend writes it per step), and
 * the parts that are the door's own (the dynamic provider's `__provider` text, the `managedBy`
 * URN) apart. Prints a Markdown table and, with `--json`, writes the figures.
 *
 * The state is what the engine rewrites after every step of a deploy on a file backend: its size
 * per resource is what a first deploy of N resources pays about N² times (bench/README.md).
 */
import * as fs from "node:fs";
import { parseScriptArgs } from "../scripts/lib/args";
import { BenchPulumi, type BenchProgram } from "./lib/stacks";
import { scenarioConfig, startBenchServer, tenantSettings, UNLIMITED_RATE, type Scenario } from "./lib/tenant";

/** One of each kind: the counted kinds once, and `everyKind` for the rest. */
const ONE_OF_EACH: Scenario = { flows: 1, forms: 1, streams: 1, actions: 1, template: true, everyKind: true };

/** What the exported deployment holds of one resource. */
interface ExportedResource {
  urn: string;
  type: string;
  custom?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** One resource's bytes. */
export interface ResourceBytes {
  kind: string;
  /** The whole entry, as JSON. */
  total: number;
  /** `__provider` in inputs and outputs. */
  providerText: number;
  /** `managedBy` in inputs and outputs. */
  managedBy: number;
}

/** The kind a resource's type names: `pulumi-nodejs:dynamic/tenant:Form` and `tenant:index:Form` are `Form`. */
export function kindOfType(type: string): string {
  return type.split(":").pop() ?? type;
}

/** The bytes of `key` in `record` as JSON writes it (`"key":value,`), 0 when absent. */
function bytesOfKey(record: Record<string, unknown> | undefined, key: string): number {
  if (!record || !(key in record)) return 0;
  return JSON.stringify(key).length + 1 + JSON.stringify(record[key]).length + 1;
}

/** Each tenant resource's bytes in an exported deployment (the stack, providers and the like left out). */
export function resourceBytes(deployment: { resources?: ExportedResource[] }): ResourceBytes[] {
  return (deployment.resources ?? [])
    .filter((resource) => resource.custom !== false && /(^tenant:|dynamic\/tenant:)/.test(resource.type))
    .map((resource) => ({
      kind: kindOfType(resource.type),
      total: JSON.stringify(resource).length,
      providerText: bytesOfKey(resource.inputs, "__provider") + bytesOfKey(resource.outputs, "__provider"),
      managedBy: bytesOfKey(resource.inputs, "managedBy") + bytesOfKey(resource.outputs, "managedBy"),
    }));
}

/** The table: a row per kind, a column pair per door. */
export function bytesTable(byDoor: Record<string, ResourceBytes[]>): string {
  const doors = Object.keys(byDoor);
  const kinds = [...new Set(Object.values(byDoor).flatMap((rows) => rows.map((row) => row.kind)))].sort();
  const cell = (rows: ResourceBytes[], kind: string) => {
    const of = rows.filter((row) => row.kind === kind);
    if (of.length === 0) return "—";
    const total = Math.round(of.reduce((sum, row) => sum + row.total, 0) / of.length);
    const own = Math.round(of.reduce((sum, row) => sum + row.providerText + row.managedBy, 0) / of.length);
    return own > 0 ? `${total} (${own} door's own)` : `${total}`;
  };
  const sum = (rows: ResourceBytes[]) => rows.reduce((total, row) => total + row.total, 0);
  return [
    `| kind | ${doors.map((door) => `${door}: bytes per resource`).join(" | ")} |`,
    `| --- | ${doors.map(() => "---").join(" | ")} |`,
    ...kinds.map((kind) => `| ${kind} | ${doors.map((door) => cell(byDoor[door]!, kind)).join(" | ")} |`),
    `| all ${kinds.length} kinds, summed | ${doors.map((door) => sum(byDoor[door]!)).join(" | ")} |`,
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseScriptArgs(
    "probe-state",
    { doors: { type: "string" }, json: { type: "string" } },
    { argv: process.argv.slice(2) },
  );
  const doors = (values.doors ?? "tenant,plugin").split(",") as BenchProgram[];
  const pulumi = BenchPulumi.create();
  const byDoor: Record<string, ResourceBytes[]> = {};
  try {
    for (const door of doors) {
      const server = await startBenchServer(UNLIMITED_RATE);
      try {
        const stack = await pulumi.open(door, `state-${door}`, {
          tenant: tenantSettings(server),
          config: scenarioConfig(ONE_OF_EACH),
        });
        const up = await pulumi.run(stack, "up", { label: `${door}: up of one object of each kind` });
        if (!up.ok) throw new Error(`${door}: up failed: ${up.error ?? "(no message)"}`);
        byDoor[door] = resourceBytes((await stack.exportStack()).deployment as { resources?: ExportedResource[] });
        await pulumi.run(stack, "destroy", { label: `${door}: destroy`, env: { PULUMI_SKIP_CHECKPOINTS: "true" } });
      } finally {
        await server.close();
      }
    }
  } finally {
    await pulumi.dispose();
  }
  console.log(bytesTable(byDoor));
  if (values.json) fs.writeFileSync(values.json, `${JSON.stringify(byDoor, null, 1)}\n`);
}

if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
