/**
 * A tenant snapshot → the resources of a program, in no language yet (pure): one
 * resource per object, as each kind's generator makes it
 * (provider/lifecycle/generator.ts and the room's `generate` hooks in api/kinds/<kind>/provider.ts:
 * the server's values verbatim except the fields the server makes, every secret replaced
 * by a {@link SecretRef} to a stack configuration key, a file's content by a {@link FileRef}).
 * The writers (TypeScript over the dynamic providers, TypeScript, Python and Go over the
 * resource plugin) print the same model.
 */
import { examplesOf, isObjectSchema, kindNames, kindOfTypeName, kindSpec, type JsonSchema } from "../../../api";
import { kindModule } from "../../lifecycle/kind-modules";
import { FileRef, SecretRef } from "../../lifecycle/generator";
import { NameAllocator } from "./names";
import { kindsInDependencyOrder, linkReferences } from "./references";
import type { TenantSnapshot } from "./snapshot";

export { commentSafe, FileRef, ResourceRef, SecretRef } from "../../lifecycle/generator";
export { Interpolation } from "./references";

/** A secret the program reads from the stack configuration. */
export interface SecretConfig {
  /** The configuration key (in the project's namespace): `auditWebhookPassword`. */
  name: string;
  /** What it is, for the user: `the basic auth password of event stream "audit" (est_…)`. */
  description: string;
  /** The value, when the API returned it (form component secrets); webhook secrets are write-only. */
  value?: string;
  /** A JSON object (read with `requireSecretObject`), with examples of its shape from the schema. */
  object?: { examples: unknown[]; typeName?: string };
}

/** A file beside the program. */
export interface ProgramFile {
  file: string;
  content: string;
  /** The name a program that reads it first gives it. */
  variable: string;
}

/** One generated resource. */
export interface GeneratedResource {
  /** Its type name (`Form`): the class, and the type token `tenant:index:<kind>`. */
  kind: string;
  /** The Pulumi resource name (a camelCase identifier, the TypeScript variable too). */
  name: string;
  /** The object's id in the tenant (a singleton's fixed id: `universal-login` for the template). */
  id: string;
  /** Its name in the tenant, when it has one. */
  label?: string;
}

/** A resource with its arguments and a one-line description. */
export interface ModelResource extends GeneratedResource {
  /** `Form "Sign-up" (ap_…).`: the comment above it. */
  comment: string;
  /** The arguments: JSON, with {@link SecretRef} and {@link FileRef} in places. */
  args: Record<string, unknown>;
  /**
   * The resources of the program this one must be created after though it names none of their
   * ids (its kind's `relations.needs`: a prompt's partials, the page template): `dependsOn`.
   */
  dependsOn?: string[];
}

/** The resources and secrets of a tenant's program. */
export interface TenantModel {
  resources: ModelResource[];
  /** Secrets the program reads, in the order they appear. */
  secrets: SecretConfig[];
  /** Files beside the program its resources read. */
  files: ProgramFile[];
  /** What the README must say of the program (a reference to an object the tenant lacks). */
  notes: string[];
}

/**
 * `resources`, each that needs another kind's object first (its kind's `relations.needs`) given
 * `dependsOn` the program's resources of that kind: the engine creates independent resources at
 * once, in any order, so only a dependency puts the template on the tenant before the partials.
 */
function withNeeds(resources: ModelResource[]): ModelResource[] {
  return resources.map((resource) => {
    const needs = kindSpec(kindOfTypeName(resource.kind) ?? "")?.relations?.needs ?? [];
    const needed = resources
      .filter((other) => needs.includes(kindOfTypeName(other.kind) ?? ""))
      .map((other) => other.name);
    return needed.length > 0 ? { ...resource, dependsOn: needed } : resource;
  });
}

/** True when resources of type `typeName` adopt with `adopt: true` (a singleton) rather than `adoptId`. */
export function adoptsByFlag(typeName: string): boolean {
  const kind = kindOfTypeName(typeName);
  return kind !== undefined && kindSpec(kind)!.shape === "singleton";
}

/** The section title of a kind's resources in a program: `forms`, `login page template`. */
export function sectionTitle(typeName: string): string {
  const spec = kindSpec(kindOfTypeName(typeName) ?? "");
  if (!spec) return typeName;
  return spec.shape === "singleton" ? spec.label : spec.plural;
}

/** "3 forms, 2 event streams, the login page template and 1 rate limit policy". */
export function describeContents(snapshot: Pick<TenantSnapshot, "objects">): string {
  const parts = kindNames().map((kind) => {
    const spec = kindSpec(kind)!;
    const n = snapshot.objects[kind]?.length ?? 0;
    if (spec.singletonKey) {
      // One per key: `trigger bindings of 2 triggers`.
      const word = spec.singletonKey.field.replace(/_id$/, "").replace(/_/g, " ");
      return `${spec.label} of ${n} ${word}${n === 1 ? "" : "s"}`;
    }
    if (spec.shape === "singleton") return n > 0 ? `the ${spec.label}` : `no ${spec.label}`;
    return `${n} ${n === 1 ? spec.label : spec.plural}`;
  });
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The model of `snapshot`; `reserved` names no resource may take (the writer's own variables). */
export function modelOf(snapshot: TenantSnapshot, reserved: string[] = []): TenantModel {
  const names = new NameAllocator();
  names.reserve(...reserved);
  const configNames = new NameAllocator();
  const secrets: SecretConfig[] = [];
  const files: ProgramFile[] = [];
  const resources: ModelResource[] = [];
  const ctx = {
    name: (words: string | undefined, fallback: string, suffix?: string) => names.allocate(words, fallback, suffix),
    secret(name: string, description: string, value?: string, schema?: JsonSchema, typeName?: string): SecretRef {
      const key = configNames.allocate(name, "secret");
      const object = schema !== undefined && isObjectSchema(schema);
      secrets.push({
        name: key,
        description,
        ...(value !== undefined ? { value } : {}),
        ...(object ? { object: { examples: examplesOf(schema), ...(typeName ? { typeName } : {}) } } : {}),
      });
      return new SecretRef(key, object, object ? typeName : undefined);
    },
    file(file: string, content: string, variable: string): FileRef {
      // A name of its own: a language that reads the file into a variable (Go) declares it beside the resources'.
      const unique = names.allocate(undefined, variable, "File");
      files.push({ file, content, variable: unique });
      return new FileRef(file, unique);
    },
  };
  // A referenced kind first: a program declares the flow before the form that runs it.
  for (const kind of kindsInDependencyOrder(kindNames())) {
    const generator = kindModule(kind).generator;
    const spec = kindSpec(kind)!;
    for (const object of snapshot.objects[kind] ?? []) {
      const resource = generator.resource(object, ctx);
      resources.push({ kind: spec.typeName, ...resource, args: argumentsOnly(resource.args, spec.createSchema) });
    }
  }
  const linked = linkReferences(resources);
  return { resources: withNeeds(linked.resources), secrets, files, notes: linked.notes };
}

/**
 * `value` without the keys its schema does not declare, at every depth: what the tenant makes
 * inside an object the program writes (an action secret's `updated_at`) is no argument of the
 * resource, and the SDKs' types refuse it. Objects open to any key, unions and the
 * placeholders (secrets, files, references) are kept as they are.
 */
export function argumentsOnly<T>(value: T, schema: JsonSchema | undefined): T {
  if (schema === undefined || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = schema.items;
    return (
      typeof items === "object" && items !== null && !Array.isArray(items)
        ? value.map((item) => argumentsOnly(item, items as JsonSchema))
        : value
    ) as T;
  }
  // A placeholder is a class instance; a plain object's prototype is the last before null (in any realm).
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== null && Object.getPrototypeOf(prototype) !== null) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) out[key] = argumentsOnly(item, properties[key]);
    else if (schema.additionalProperties !== false) out[key] = item;
  }
  return out as T;
}

/** The `pulumi import --file` file of a model's resources (each by its id; the template by its fixed one). */
export function importFile(model: Pick<TenantModel, "resources">): string {
  const resources = model.resources.map((resource) => ({
    type: `tenant:index:${resource.kind}`,
    name: resource.name,
    id: resource.id,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
