/**
 * The bench's scenario as a list of resources (bench/programs/scenario.ts): the moonshot's mix
 * counts what it says, every reference names a resource declared before it, each trigger binds
 * at most the provider's limit, and the Python program gets exactly that list.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { writePluginPython } from "../../../../bench/lib/programs";
import { moonshotScenario } from "../../../../bench/lib/tenant";
import { BINDINGS_PER_TRIGGER, type PlanEntry, scenarioPlan } from "../../../../bench/programs/scenario";

/** Every `$ref` under `value`. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== "object" || value === null) return [];
  if ("$ref" in value) return [String((value as { $ref: unknown }).$ref)];
  return Object.values(value).flatMap(refsOf);
}

const countOf = (plan: PlanEntry[], type: string) => plan.filter((entry) => entry.type === type).length;

test("the moonshot's 1,000 objects: 100 flows, 300 forms, 300 streams, 296 actions, 4 trigger bindings", () => {
  const plan = scenarioPlan(moonshotScenario(1000));
  expect(plan).toHaveLength(1000);
  expect(["Flow", "Form", "EventStream", "Action", "TriggerBindings"].map((type) => countOf(plan, type))).toEqual([
    100, 300, 300, 296, 4,
  ]);
  expect(new Set(plan.map((entry) => entry.name)).size).toBe(1000);
});

test("every reference names a resource declared before it; each trigger binds at most its limit", () => {
  const plan = scenarioPlan({ ...moonshotScenario(1000), actions: 500 });
  const declared = new Set<string>();
  for (const entry of plan) {
    for (const ref of refsOf(entry.args)) expect(declared.has(ref)).toBe(true);
    declared.add(entry.name);
  }
  const bindings = plan.filter((entry) => entry.type === "TriggerBindings");
  for (const binding of bindings)
    expect((binding.args.actions as unknown[]).length).toBeLessThanOrEqual(BINDINGS_PER_TRIGGER);
  // A post-login action shows a form of the stack by reference; the others name none.
  const postLogin = plan.find((entry) => entry.name === "action-0")!;
  expect(refsOf(postLogin.args)).toEqual(["form-0"]);
  expect(refsOf(plan.find((entry) => entry.name === "action-1")!.args)).toEqual([]);
});

test("the Python program is handed exactly the plan", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plan-"));
  try {
    const scenario = moonshotScenario(40);
    writePluginPython(dir, scenario, "/venv");
    expect(JSON.parse(fs.readFileSync(path.join(dir, "plan.json"), "utf8"))).toEqual(scenarioPlan(scenario));
    expect(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")).toContain('"virtualenv": "/venv"');
    expect(fs.existsSync(path.join(dir, "__main__.py"))).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
