/**
 * Rules over the whole stack: who else manages an object this stack adopts, and what a
 * production stack's rate limit policies do past their limit.
 */
import { kindSpec, singletonIdIn } from "pulumi-tenant/policy-support";
import { kindOfTypeName } from "pulumi-tenant/policy-support";
import type { StackIndex } from "pulumi-tenant/policy-support";
import { named, isRecord, type TenantResource } from "../resources";
import { UNKNOWN } from "./urls";
import type { Violation } from "./violation";

/** The stack of a URN (`urn:pulumi:<stack>::<project>::…`). */
export const stackNameOfUrn = (urn: string): string => /^urn:pulumi:([^:]+)::/.exec(urn)?.[1] ?? "";

/** `project/stack` of a URN, as the stack index names stacks. */
export const projectStackOfUrn = (urn: string): string => {
  const [head, project] = urn.split("::");
  return `${project ?? ""}/${head?.replace(/^urn:pulumi:/, "") ?? ""}`;
};

/** The id an adoption names: `adoptId`, or a singleton's fixed id with `adopt: true`; undefined for none. */
export function adoptedIdOf(resource: TenantResource): { kind: string; id: string } | undefined {
  const kind = kindOfTypeName(resource.typeName);
  if (kind === undefined) return undefined;
  const spec = kindSpec(kind);
  if (spec?.shape === "singleton") {
    const singleton = singletonIdIn(spec, resource.fields);
    return resource.fields.adopt === true && singleton !== undefined && singleton !== UNKNOWN
      ? { kind, id: singleton }
      : undefined;
  }
  const id = resource.fields.adoptId;
  return typeof id === "string" && id !== "" && id !== UNKNOWN ? { kind, id } : undefined;
}

/**
 * `adoption-owned-elsewhere`: an adoption of an object another stack of the backend manages
 * sets `force` (the ownership rule: two stacks changing one object, and either's destroy
 * deleting it, is a decision to write down, not an accident).
 */
export function adoptionsOwnedElsewhere(resources: TenantResource[], index: StackIndex): Violation[] {
  return resources.flatMap((resource) => {
    const adopted = adoptedIdOf(resource);
    if (adopted === undefined || resource.fields.force === true) return [];
    const origin = typeof resource.fields.tenantOrigin === "string" ? resource.fields.tenantOrigin : undefined;
    const self = projectStackOfUrn(resource.urn);
    const others = index.holders(adopted.kind, adopted.id, origin).filter((stack) => stack !== self);
    if (others.length === 0) return [];
    const field = kindSpec(adopted.kind)?.shape === "singleton" ? "adopt" : "adoptId";
    return [
      {
        urn: resource.urn,
        message:
          `${named(resource)}: ${field} takes over ${adopted.id}, which stack ${others.join(", ")} manages: two stacks ` +
          "would change it and either's destroy would delete it. Remove the adoption, or set force: true to take it over " +
          "knowingly (that stack's destroy then leaves it in place).",
      },
    ];
  });
}

/** Configuration of `production-rate-limits-block`. */
export interface ProductionConfig {
  /** A regular expression for the names of production stacks (default `^prod`). */
  productionStacks?: string;
}

/** `production-rate-limits-block`: in a production stack, rate limit policies block past their limit rather than log. */
export function productionRateLimits(
  resources: TenantResource[],
  stack: string,
  config: ProductionConfig,
): Violation[] {
  const pattern = new RegExp(config.productionStacks ?? "^prod");
  if (!pattern.test(stack)) return [];
  return resources.flatMap((resource) => {
    const configuration = resource.fields.configuration;
    if (resource.typeName !== "RateLimitPolicy" || !isRecord(configuration) || configuration.action !== "log")
      return [];
    return [
      {
        urn: resource.urn,
        message:
          `${named(resource)}: configuration.action is "log" in production stack ${stack} (matching ${pattern.source}): ` +
          'requests past the limit are only logged, not stopped. Set action to "block" (keep "log" for the stacks ' +
          "where you measure a new limit).",
      },
    ];
  });
}
