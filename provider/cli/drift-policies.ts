/**
 * Policy rules on what the tenant holds now. The engine runs a policy pack on the program's
 * values, so a hand edit in the tenant (a rate limit policy switched to `log`, a webhook moved to
 * http://) breaks a rule without the pack seeing it. `drift --policy-pack DIR` therefore also
 * runs the rules a pack exports as a library (`POLICIES` of `DIR/dist/index.js`, as
 * pulumi-tenant-policy does) on each object's refreshed state, and reports what they say as the
 * engine reports a violation. A pack without such a library has its rules run by the engine only.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { isObject } from "../../api/json";

/** A rule as a pack's library exports it (the `@pulumi/policy` shapes, as far as read here). */
interface LibraryPolicy {
  name: string;
  description?: string;
  enforcementLevel?: string;
  configSchema?: { properties?: Record<string, { default?: unknown }> };
  validateResource?: (args: ResourceArgs, report: (message: string) => void) => void | Promise<void>;
  validateStack?: (
    args: { resources: StackResource[]; getConfig: () => Record<string, unknown> },
    report: (message: string, urn?: string) => void,
  ) => void | Promise<void>;
}

interface ResourceArgs {
  type: string;
  name: string;
  urn: string;
  props: Record<string, unknown>;
  getConfig: () => Record<string, unknown>;
}

interface StackResource extends ResourceArgs {
  dependencies: { urn: string }[];
  /** Which resources each input's value comes from: none known from a refresh's events. */
  propertyDependencies: Record<string, { urn: string }[]>;
}

/** `now` over `before`, object by object: a key `now` lacks keeps its value from `before`. */
function overlay(before: Record<string, unknown>, now: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(now))
    merged[key] = isObject(value) && isObject(before[key]) ? overlay(before[key], value) : value;
  return merged;
}

/** What the tenant holds now, per resource: the refresh steps' new state (outputs, else inputs). */
export function refreshedStates(events: EngineEvent[]): StackResource[] {
  const byUrn = new Map<string, StackResource>();
  for (const event of events) {
    const step = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (!step || step.op !== "refresh" || !step.new || step.type === "pulumi:pulumi:Stack") continue;
    // Write-only values (a webhook's token, a connection's setup) never read back: the last known
    // ones, from the state before the refresh, stand in for them; everything the tenant answers wins.
    const before = (step.old?.outputs ?? step.old?.inputs ?? {}) as Record<string, unknown>;
    const props = overlay(before, (step.new.outputs ?? step.new.inputs ?? {}) as Record<string, unknown>);
    if (Object.keys(props).length === 0) continue;
    const urn = step.urn;
    byUrn.set(urn, {
      type: step.type,
      name: urn.split("::").pop() ?? urn,
      urn,
      props,
      dependencies: [],
      propertyDependencies: {},
      getConfig: () => ({}),
    });
  }
  return [...byUrn.values()];
}

/** The pack's library rules, or none when the pack exports no library. */
function libraryPolicies(packDir: string): { pack: string; policies: LibraryPolicy[] } {
  const library = path.join(packDir, "dist", "index.js");
  const manifest = path.join(packDir, "package.json");
  if (!fs.existsSync(library)) return { pack: path.basename(packDir), policies: [] };
  const exported = require(library) as { POLICIES?: LibraryPolicy[] };
  const pack = fs.existsSync(manifest)
    ? ((JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string }).name ?? path.basename(packDir))
    : path.basename(packDir);
  return { pack, policies: Array.isArray(exported.POLICIES) ? exported.POLICIES : [] };
}

/** A policy's configuration: its schema's defaults, then the configuration file's entry (a level, or an object). */
function configOf(
  policy: LibraryPolicy,
  file: Record<string, unknown>,
): { level: string; config: Record<string, unknown> } {
  const defaults = Object.fromEntries(
    Object.entries(policy.configSchema?.properties ?? {}).flatMap(([key, facts]) =>
      facts.default === undefined ? [] : [[key, facts.default]],
    ),
  );
  const entry = file[policy.name];
  if (typeof entry === "string") return { level: entry, config: defaults };
  const given = (typeof entry === "object" && entry !== null ? entry : {}) as Record<string, unknown>;
  const { enforcementLevel, ...rest } = given;
  return {
    level: typeof enforcementLevel === "string" ? enforcementLevel : (policy.enforcementLevel ?? "advisory"),
    config: { ...defaults, ...rest },
  };
}

/**
 * Runs each pack's library rules on the refreshed states in `events` and returns what they say
 * of the objects named in `drifted` (by resource name) as engine policy events (the drift report
 * and its comment read them as the engine's own).
 */
export async function tenantPolicyEvents(
  events: EngineEvent[],
  packs: { policyPacks: string[]; policyPackConfigs: string[] },
  drifted: ReadonlySet<string>,
): Promise<EngineEvent[]> {
  const resources = refreshedStates(events);
  if (resources.length === 0 || drifted.size === 0) return [];
  const found: EngineEvent[] = [];
  for (const [index, packDir] of packs.policyPacks.entries()) {
    const { pack, policies } = libraryPolicies(packDir);
    const configFile = packs.policyPackConfigs[index];
    const file = configFile ? (JSON.parse(fs.readFileSync(configFile, "utf8")) as Record<string, unknown>) : {};
    for (const policy of policies) {
      const { level, config } = configOf(policy, file);
      if (level === "disabled") continue;
      // An object that did not drift holds what the program says, which the engine judged already.
      const say = (message: string, urn?: string) =>
        urn !== undefined &&
        drifted.has(urn.split("::").pop() ?? urn) &&
        found.push({
          sequence: 0,
          timestamp: 0,
          policyEvent: {
            resourceUrn: urn,
            message: `${policy.description ?? policy.name}\n${message}`,
            color: "never",
            policyName: policy.name,
            policyPackName: pack,
            policyPackVersion: "",
            policyPackVersionTag: "",
            enforcementLevel: level as "mandatory",
          },
        } as unknown as EngineEvent);
      if (policy.validateResource) {
        for (const resource of resources)
          await policy.validateResource({ ...resource, getConfig: () => config }, (message) =>
            say(message, resource.urn),
          );
      } else if (policy.validateStack) {
        await policy.validateStack({ resources, getConfig: () => config }, say);
      }
    }
  }
  return found;
}
