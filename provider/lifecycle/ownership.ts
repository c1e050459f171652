/**
 * Which stack manages an object of a tenant, so that two stacks on one tenant never take
 * or delete each other's objects.
 *
 * Why a record of our own: none of the four kinds has a field for it in the management
 * API (forms, event streams, rate limit policies and the login template have no
 * `metadata`; the published schemas refuse unknown keys), and writing a marker into a
 * user-visible field (a form's custom messages, the template's HTML) would change the
 * object and break generate's 0-write round trip. Pulumi's own state cannot be asked
 * either: each stack may use another backend. So the record sits next to the create
 * journal, in `<PULUMI_HOME or ~/.pulumi>/pulumi-tenant/owners-<tenant>/`, one small file
 * per object (`<kind>-<id>`, holding the stack's `project/stack`): written
 * atomically (temp file + rename), so stacks running at once never lose each other's
 * entries, and independent of any backend. It covers every stack that runs from the
 * same PULUMI_HOME (one machine, one CI runner image with a cached home); stacks run from
 * different machines do not see each other's records (see the README).
 *
 * Rules: a create or an adoption records the stack; adopting an object another stack
 * recorded fails at preview unless the resource sets `force` (the record then names the
 * new stack); `delete` of an object another stack recorded leaves it in the tenant.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindLabel, kindSpec } from "../../api";
import { forResource, warn } from "./diagnostics";
import { journalPath } from "./journal";
import { UNKNOWN } from "./shared";

/** The input every resource gets from its program: its own URN, which names the stack that manages it. */
export const OWNER_KEY = "managedBy";
/** The input that lets an adoption take an object over from the stack that manages it. */
export const FORCE_KEY = "force";

/** The record's folder for the tenant at `apiBaseUrl`. */
export function ownershipDir(apiBaseUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return journalPath(apiBaseUrl, env).replace(/create-journal-([0-9a-f]+)\.jsonl$/, "owners-$1");
}

const fileOf = (dir: string, kind: string, id: string) =>
  path.join(dir, `${kind}-${Buffer.from(id).toString("base64url")}`);

/** The stack recorded as managing object `id` of `kind`, if any. */
export function ownerOf(dir: string, kind: string, id: string): string | undefined {
  try {
    const owner = fs.readFileSync(fileOf(dir, kind, id), "utf8").trim();
    return owner === "" ? undefined : owner;
  } catch {
    return undefined;
  }
}

/** Records `stack` as managing object `id` of `kind`. */
export function recordOwner(dir: string, kind: string, id: string, stack: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = fileOf(dir, kind, id);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${stack}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/** Forgets who manages object `id` of `kind` (it was deleted). */
export function forgetOwner(dir: string, kind: string, id: string): void {
  fs.rmSync(fileOf(dir, kind, id), { force: true });
}

/** The fixed id of a singleton kind (the template's `universal-login`), from the table; undefined for a collection. */
function singletonIdOf(kind: string): string | undefined {
  return kindSpec(kind)?.singletonId;
}

/** The id an adoption names in `inputs`: `adoptId`, or a singleton's fixed id with `adopt: true`. */
function adoptedId(kind: string, inputs: Record<string, unknown>): string | undefined {
  const singleton = singletonIdOf(kind);
  if (singleton !== undefined) return inputs.adopt === true ? singleton : undefined;
  const id = inputs.adoptId;
  return typeof id === "string" && id !== "" && id !== UNKNOWN ? id : undefined;
}

/** The URN of the resource `values` (its inputs or outputs) belong to, when its program said. */
export function urnOf(values: Record<string, unknown> | undefined): string | undefined {
  const urn = values?.[OWNER_KEY];
  return typeof urn === "string" && urn.startsWith("urn:pulumi:") ? urn : undefined;
}

/** The stack of `values` (`project/stack`, from the resource's URN), when its program said. */
export function stackOf(values: Record<string, unknown> | undefined): string | undefined {
  const [stack, project] = urnOf(values)?.slice("urn:pulumi:".length).split("::") ?? [];
  return stack && project ? `${project}/${stack}` : undefined;
}

/**
 * At preview, the failure of an adoption of an object another stack manages (unless
 * `force` is set), naming that stack.
 */
export function adoptionFailure(kind: string, dir: string, news: Record<string, unknown>): CheckFailure | undefined {
  const id = adoptedId(kind, news);
  const stack = stackOf(news);
  if (id === undefined || stack === undefined || news[FORCE_KEY] === true) return undefined;
  const owner = ownerOf(dir, kind, id);
  if (owner === undefined || owner === stack) return undefined;
  return {
    property: singletonIdOf(kind) !== undefined ? "adopt" : "adoptId",
    reason:
      `${kindLabel(kind)} ${id} is managed by stack ${owner}: adopting it here would let two stacks change it and either ` +
      "destroy delete it. Remove the adoption, or set `force: true` to take it over (that stack's destroy then leaves it in place)",
  };
}

/**
 * True when object `id` must stay in the tenant although this stack (`props`, the state's
 * outputs) deletes its resource: another stack took it over with `force`. Says so on the
 * resource's line.
 */
export async function leftToOtherStack(
  dir: string,
  kind: string,
  id: string,
  props: Record<string, unknown> | undefined,
): Promise<boolean> {
  const owner = ownerOf(dir, kind, id);
  const stack = stackOf(props);
  if (!owner || !stack || owner === stack) return false;
  await forResource(urnOf(props), () =>
    warn(`${kindLabel(kind)} ${id} is left in the tenant: stack ${owner} manages it now.`),
  );
  return true;
}
