/**
 * What a stack's state (`pulumi stack export`) says about a tenant: the objects its resources
 * hold, with the stack and tenant they belong to, and the creates a killed run left pending.
 * Both doors' resources are read: the dynamic providers' (`pulumi-nodejs:dynamic/tenant:Form`)
 * and the plugin's (`tenant:index:Form`).
 */
import { kindOfTypeName } from "../../api";

/** The output every resource carries: the origin of the tenant its object lives in (`https://x.eu.auth0.com`). */
export const TENANT_ORIGIN_KEY = "tenantOrigin";

/** An object of a tenant that a stack's state holds. */
export interface HeldObject {
  /** `project/stack` of the stack that holds it. */
  stack: string;
  /** Resource kind (`form`, `eventStream`...). */
  kind: string;
  /** The object's id in the tenant. */
  id: string;
  /** The resource's URN. */
  urn: string;
  /** The tenant's origin, when the state records it (states written before 0.3 do not). */
  tenantOrigin?: string;
}

/** A create the engine began and never saw end (the run was killed): the object may exist. */
export interface PendingCreate {
  /** The resource's URN. */
  urn: string;
  /** Resource kind. */
  kind: string;
  /** The inputs the engine was creating it with (secrets still encrypted unless exported with them shown). */
  inputs: Record<string, unknown>;
  /** The resource's provider reference (`urn::id`), for the plugin's explicit providers. */
  provider?: string;
}

/** One stack's part: what it holds and what a killed run left pending. */
export interface StackState {
  /** `project/stack`. */
  stack: string;
  held: HeldObject[];
  pendingCreates: PendingCreate[];
  /** When the state was last written (ms since the epoch), if it says. */
  writtenAt?: number;
}

interface ExportedResource {
  urn?: string;
  type?: string;
  id?: string;
  custom?: boolean;
  delete?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  provider?: string;
}

/** The shape of `pulumi stack export` this module reads (version 3 deployments). */
export interface StackExport {
  deployment?: {
    manifest?: { time?: string };
    resources?: ExportedResource[];
    pending_operations?: { resource?: ExportedResource; type?: string }[];
  };
}

/** `project/stack` of a URN (`urn:pulumi:<stack>::<project>::…`), or undefined for anything else. */
export function stackOfUrn(urn: string | undefined): string | undefined {
  if (typeof urn !== "string" || !urn.startsWith("urn:pulumi:")) return undefined;
  const [stack, project] = urn.slice("urn:pulumi:".length).split("::");
  return stack && project ? `${project}/${stack}` : undefined;
}

/**
 * The resource kind of a type token of either door (`pulumi-nodejs:dynamic/tenant:Form`,
 * `tenant:index:Form`), or undefined for another provider's type.
 */
export function kindOfType(type: string | undefined): string | undefined {
  if (typeof type !== "string") return undefined;
  const match = /^(?:pulumi-nodejs:dynamic\/tenant|tenant:index):([A-Za-z0-9]+)$/.exec(type);
  return match ? kindOfTypeName(match[1]!) : undefined;
}

/** What `exported` (a stack's `pulumi stack export`) holds of tenants and left pending. */
export function readStackState(exported: StackExport, fallbackStack?: string): StackState {
  const deployment = exported.deployment ?? {};
  const held: HeldObject[] = [];
  let stack = fallbackStack;
  for (const resource of deployment.resources ?? []) {
    stack ??= stackOfUrn(resource.urn);
    const kind = kindOfType(resource.type);
    if (!kind || !resource.id || !resource.urn || resource.delete) continue;
    const origin = resource.outputs?.[TENANT_ORIGIN_KEY];
    held.push({
      stack: stackOfUrn(resource.urn) ?? stack ?? "",
      kind,
      id: resource.id,
      urn: resource.urn,
      ...(typeof origin === "string" ? { tenantOrigin: origin } : {}),
    });
  }
  const pendingCreates: PendingCreate[] = [];
  for (const operation of deployment.pending_operations ?? []) {
    const resource = operation.resource;
    const kind = kindOfType(resource?.type);
    if (operation.type !== "creating" || !kind || !resource?.urn) continue;
    pendingCreates.push({
      urn: resource.urn,
      kind,
      inputs: resource.inputs ?? {},
      ...(resource.provider ? { provider: resource.provider } : {}),
    });
  }
  const written = Date.parse(deployment.manifest?.time ?? "");
  return {
    stack: stack ?? "",
    held,
    pendingCreates,
    ...(Number.isFinite(written) ? { writtenAt: written } : {}),
  };
}
