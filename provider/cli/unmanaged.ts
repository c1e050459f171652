/**
 * The objects of a stack's tenants that no stack of the backend (nor of the sibling backends
 * named) manages: made by hand in the dashboard, or left by a stack whose state is gone.
 * Drift detection that sees new objects, not only edited ones. Each comes with the lines that
 * bring it under management: `pulumi import` (the plugin) or `adoptId` (the dynamic providers).
 */
import { kindLabel, kindNames, kindSpec } from "../../api";
import type { StackIndex } from "../backend/stacks";
import { listKind } from "../client/paging";
import { TenantError } from "../client/errors";
import { configureFromSettings } from "../runtime";
import type { StackTenants } from "./stack-tenants";

/** An object no stack manages. */
export interface UnmanagedObject {
  kind: string;
  id: string;
  name?: string;
  /** The tenant's origin. */
  tenant: string;
  /** `pulumi import tenant:index:Form <name> <id>`: adopts it into a plugin program's stack. */
  importCommand: string;
  /** The dynamic providers' way: the resource argument that adopts it. */
  adoptArgument: string;
}

/** A kind of a tenant that could not be listed (a missing scope, a feature not enabled). */
export interface SkippedKind {
  kind: string;
  tenant: string;
  why: string;
}

/** A resource name for a program from an object's name: lower camel case of its words, else the kind and id. */
function resourceName(kind: string, id: string, name: string | undefined): string {
  const words = (name ?? "").match(/[A-Za-z0-9]+/g) ?? [];
  if (words.length === 0) return `${kind}-${id}`.replace(/[^A-Za-z0-9_-]/g, "-");
  const camel = words.map((word, i) =>
    i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
  );
  return camel.join("");
}

/** Every object of the stack's tenants that no stack in `index` holds, with the kinds that could not be listed. */
export async function findUnmanaged(
  stack: StackTenants,
  index: StackIndex,
): Promise<{ objects: UnmanagedObject[]; skipped: SkippedKind[] }> {
  const objects: UnmanagedObject[] = [];
  const skipped: SkippedKind[] = [];
  const collections = kindNames().filter((kind) => kindSpec(kind)?.shape === "collection" && kindSpec(kind)?.paging);
  for (const tenant of stack.tenants()) {
    const client = configureFromSettings(tenant.input, {}, tenant.namespace);
    const origin = client.settings.origin;
    for (const kind of collections) {
      let listed: { id: string; name?: string }[];
      try {
        listed = await listKind<{ id: string; name?: string }>(client, kind);
      } catch (error) {
        if (!(error instanceof TenantError)) throw error;
        skipped.push({ kind, tenant: origin, why: error.message });
        continue;
      }
      const held = index.heldIds(kind, origin);
      for (const object of listed) {
        if (held.has(object.id)) continue;
        const typeName = kindSpec(kind)!.typeName;
        objects.push({
          kind,
          id: object.id,
          ...(typeof object.name === "string" ? { name: object.name } : {}),
          tenant: origin,
          importCommand: `pulumi import tenant:index:${typeName} ${resourceName(kind, object.id, object.name)} ${object.id}`,
          adoptArgument: `new tenant.${typeName}("${resourceName(kind, object.id, object.name)}", { adoptId: "${object.id}", ... })`,
        });
      }
    }
  }
  return { objects, skipped };
}

/** The report's lines for people. */
export function describeUnmanaged(objects: UnmanagedObject[], skipped: SkippedKind[]): string[] {
  const lines: string[] = [];
  if (objects.length === 0) lines.push("No unmanaged objects: every object of the tenant is managed by a stack.");
  else {
    lines.push(`${objects.length} object(s) of the tenant are managed by no stack (made by hand?):`);
    for (const object of objects) {
      const named = object.name === undefined ? "" : ` "${object.name}"`;
      lines.push(`  ${kindLabel(object.kind)} ${object.id}${named} (${object.tenant})`);
      lines.push(`      plugin:  ${object.importCommand}`);
      lines.push(`      dynamic: ${object.adoptArgument}`);
    }
    lines.push(
      "Adopt them with the lines above, or write a program for the whole tenant with `npx pulumi-tenant generate`;",
      "or delete them in the tenant if nobody needs them.",
    );
  }
  for (const kind of skipped) {
    lines.push(
      `Not checked: the ${kindSpec(kind.kind)?.plural ?? kindLabel(kind.kind)} of ${kind.tenant}: ${kind.why}`,
    );
  }
  return lines;
}
