/**
 * Which stack manages an object of a tenant, so that stacks sharing a tenant never take or
 * delete each other's objects, decided from the state backend: the one record every CI runner
 * sees the same (a runner keeps nothing between runs).
 *
 * Why the backend: none of the kinds has a field for it in the management API (no
 * `metadata`; the published schemas refuse unknown keys), and a marker in a user-visible
 * field would change the object. A stack's state holds the ids it manages and, since 0.3,
 * its tenant (`tenantOrigin` in every resource's outputs); `pulumi stack ls --all` and
 * `pulumi stack export` read every stack of a backend (`backend/stacks.ts`).
 *
 * Rules: adopting (or importing) an object another stack of the backend holds fails at
 * preview, naming that stack, unless the resource sets `force` (then both hold it, and the
 * preview says so); `delete` of an object another stack holds leaves it in the tenant: the
 * last stack that holds an object is the one whose destroy deletes it. Stacks in other
 * backends are seen when named (`tenant:ownershipBackends`).
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { kindLabel, kindSpec, singletonIdIn } from "../../api";
import { type StackIndex, stackIndex } from "../backend/stacks";
import { stackOfUrn } from "../backend/stack-state";
import { forResource, warn } from "../diagnostics";
import { UNKNOWN } from "./shared";

/** The input every resource gets from its program: its own URN, which names the stack that manages it. */
export const OWNER_KEY = "managedBy";
/** The input that lets an adoption take an object over from the stack that manages it. */
export const FORCE_KEY = "force";

/** True for a singleton kind (one per tenant, or per key: adopted with `adopt: true`), from the table. */
function isSingleton(kind: string): boolean {
  return kindSpec(kind)?.shape === "singleton";
}

/** The id an adoption names in `inputs`: `adoptId`, or a singleton's id (fixed, or its key's) with `adopt: true`. */
export function adoptedId(kind: string, inputs: Record<string, unknown>): string | undefined {
  const spec = kindSpec(kind);
  if (spec && isSingleton(kind)) {
    const singleton = singletonIdIn(spec, inputs);
    return inputs.adopt === true && singleton !== undefined && singleton !== UNKNOWN ? singleton : undefined;
  }
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
  return stackOfUrn(urnOf(values));
}

/** Where ownership is read from: the backends' stacks, and how to find them (the runtime's configuration). */
export interface OwnershipSource {
  /** Sibling backends named by the user. */
  siblings(): string[];
  /** The index of the backends without stack `self` (read once per process); injectable for tests. */
  index?(siblings: readonly string[], self: string | undefined): Promise<StackIndex>;
}

let warnedUnreadable = false;

/** The other stacks that hold `id` of `kind` in the tenant at `origin`; says once when a backend cannot be read. */
export async function otherHolders(
  source: OwnershipSource,
  kind: string,
  id: string,
  origin: string | undefined,
  self: string | undefined,
): Promise<string[]> {
  const siblings = source.siblings();
  const index = await (source.index ?? stackIndex)(siblings, self);
  if (index.failures.length > 0 && !warnedUnreadable) {
    warnedUnreadable = true;
    await warn(
      `cannot read the stacks of ${index.failures.join("; ")}. Objects that stacks there manage are not protected ` +
        "in this run: check PULUMI_BACKEND_URL (and its credentials) or tenant:ownershipBackends.",
    );
  }
  return index.holders(kind, id, origin).filter((stack) => stack !== self);
}

/**
 * At preview, the failure of an adoption of an object another stack manages (unless
 * `force` is set: then a warning that both stacks now hold it), naming that stack.
 */
export async function adoptionFailure(
  source: OwnershipSource,
  kind: string,
  origin: string | undefined,
  news: Record<string, unknown>,
): Promise<CheckFailure | undefined> {
  const id = adoptedId(kind, news);
  const stack = stackOf(news);
  if (id === undefined || stack === undefined) return undefined;
  const others = await otherHolders(source, kind, id, origin, stack);
  if (others.length === 0) return undefined;
  const named = others.join(", ");
  if (news[FORCE_KEY] === true) {
    await forResource(urnOf(news), () =>
      warn(
        `force: ${kindLabel(kind)} ${id} is also managed by stack ${named}; this stack takes it over as well. ` +
          "A destroy of either stack leaves it in the tenant while the other still manages it.",
      ),
    );
    return undefined;
  }
  return {
    property: isSingleton(kind) ? "adopt" : "adoptId",
    reason:
      `${kindLabel(kind)} ${id} is managed by stack ${named}: adopting it here would let two stacks change it and either ` +
      "destroy delete it. Remove the adoption, or set `force: true` to take it over (that stack's destroy then leaves it in place)",
  };
}

/**
 * True when object `id` must stay in the tenant although this stack (`props`, the state's
 * outputs) deletes its resource: another stack's state holds it too. Says so on the
 * resource's line.
 */
export async function leftToOtherStack(
  source: OwnershipSource,
  kind: string,
  id: string,
  origin: string | undefined,
  props: Record<string, unknown> | undefined,
): Promise<boolean> {
  const stack = stackOf(props);
  if (!stack) return false;
  const others = await otherHolders(source, kind, id, origin, stack);
  if (others.length === 0) return false;
  await forResource(urnOf(props), () =>
    warn(`${kindLabel(kind)} ${id} is left in the tenant: stack ${others.join(", ")} manages it now.`),
  );
  return true;
}

/**
 * Why an import (`pulumi import`, or a plugin resource's `import` option) of object `id`
 * into the stack of `urn` must be refused: another stack manages it. Undefined when free.
 */
export async function importRefusal(
  source: OwnershipSource,
  kind: string,
  id: string,
  origin: string | undefined,
  urn: string,
): Promise<string | undefined> {
  const others = await otherHolders(source, kind, id, origin, stackOfUrn(urn));
  if (others.length === 0) return undefined;
  const adopt = isSingleton(kind) ? "`adopt: true`" : `\`adoptId: "${id}"\``;
  return (
    `${kindLabel(kind)} ${id} is managed by stack ${others.join(", ")}: importing it here would let two stacks change ` +
    `it and either destroy delete it. Leave it to that stack (read it with the lookup function), or take it over ` +
    `visibly with ${adopt} and \`force: true\` in the program`
  );
}
