/**
 * What a singleton's check knows of the program beyond one resource, generically (the entry's
 * `relations.needs` and `singletonOnePerProgram`; used by singleton.ts):
 * - a needed singleton (a prompt's partials need a login page template) is satisfied by one the
 *   program declares, not only by one the tenant already has. The engine checks a program's
 *   resources in the order the program registers them, in one provider process per run, so a
 *   needed resource registered before (or depended on, `dependsOn`) has been checked when the
 *   needing one is;
 * - at most one resource of the program manages each object of a kind that says so: a second,
 *   writing something else, is refused at preview.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindSpec, singletonIdIn, singletonPathOf, type KindSpec } from "../../api";
import { unlessGone } from "../client/errors";
import type { TenantClient } from "../client/http";
import { UNKNOWN } from "./shared";

/** The kinds of singletons checked in this process, by tenant origin. */
const declared = new Map<string, Set<string>>();

/** Records that the program declares a singleton of kind `kind` on the tenant at `origin` (its check passed). */
export function noteDeclaredSingleton(origin: string, kind: string): void {
  const kinds = declared.get(origin) ?? new Set<string>();
  kinds.add(kind);
  declared.set(origin, kinds);
}

/**
 * The needed singletons (`spec`'s `relations.needs`) the program does not declare and the tenant
 * lacks (404), each as a check failure saying what to do. A read that fails otherwise lets `up` tell.
 */
export async function missingNeeds(spec: KindSpec, client: TenantClient): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  for (const needed of spec.relations?.needs ?? []) {
    if (declared.get(client.settings.origin)?.has(needed)) continue;
    const neededSpec = kindSpec(needed)!;
    const path = singletonPathOf(neededSpec, neededSpec.singletonId ?? "");
    const target = { kind: spec.label, action: "check" };
    const found = await unlessGone(client.get<unknown>(path, target)).catch(() => "unknown" as const);
    if (found !== undefined) continue;
    failures.push({
      property: "",
      reason:
        `the tenant ${client.settings.domain} has no ${neededSpec.label}, and the program declares none before this ` +
        `${spec.label}, which needs one. Declare a ${neededSpec.typeName} resource before this one (or make this ` +
        "one depend on it, `dependsOn`), or put one on the tenant",
    });
  }
  return failures;
}

/** The first claim of each object, by `origin kind id`: what its resource writes, and in words. */
const claims = new Map<string, { content: string; words: string }>();

/**
 * The refusal of a second resource of the program for object (of kind `kind`) that `inputs`
 * name, when a first claimed it with other `content` (the inputs' JSON); undefined otherwise. The
 * provider's methods are not told a resource's name, so the first is named by what it writes
 * (`words`); a resource checked again with the same content (its update after its preview)
 * claims nothing new.
 */
export function claimedBefore(
  spec: KindSpec,
  kind: string,
  client: TenantClient,
  inputs: Readonly<Record<string, unknown>>,
  content: string,
  words: string,
): CheckFailure | undefined {
  const id = singletonIdIn(spec, inputs);
  if (id === undefined || id.includes(UNKNOWN)) return undefined;
  const key = `${client.settings.origin} ${kind} ${id}`;
  const first = claims.get(key);
  if (first === undefined) claims.set(key, { content, words });
  if (first === undefined || first.content === content) return undefined;
  return {
    property: spec.singletonKey?.field ?? "",
    reason:
      `another resource of this program already manages the ${spec.label} ${id} on ${client.settings.domain} ` +
      `(${first.words}): each would overwrite the other's. Keep one resource for ${id}, with everything it should hold`,
  };
}
