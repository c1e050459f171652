/**
 * References between a program's resources, read off the fields' facts (a field marked
 * `references: "flow"` holds a flow's id): each id the snapshot holds the object of becomes a
 * {@link ResourceRef} (the writers print `flow.id`), so no tenant's ids are written into the
 * program; the kinds are ordered so that a referenced resource is declared before its users.
 */
import { kindOfTypeName, kindSpec, schemaFacts, secretPlaces, type ReferenceFact } from "../../../api";
import { commentSafe, ResourceRef } from "../../lifecycle/generator";

/**
 * What linking needs of a program resource (model.ts `ModelResource` has these and more):
 * written here so that the model, which links its resources, and this module are no circle.
 */
export interface LinkedResource {
  /** Its type name (`Form`). */
  kind: string;
  /** The Pulumi resource name. */
  name: string;
  /** The object's id in the tenant. */
  id: string;
  /** Its name in the tenant, when it has one. */
  label?: string;
  /** The comment above it. */
  comment: string;
  /** Its arguments. */
  args: Record<string, unknown>;
}

/**
 * Text naming other resources by id among other words (an action's code naming a form): its
 * parts in order, each text or a {@link ResourceRef}. The writers print it as their
 * language's interpolation (`pulumi.interpolate`, `pulumi.Sprintf`, YAML's `${form.id}`).
 */
export class Interpolation {
  /** @param parts the text's pieces, each literal text or a reference to a resource's id */
  constructor(readonly parts: (string | ResourceRef)[]) {}
}

/**
 * The kinds kind `kind` references or embeds the ids of, and those whose object it needs first
 * (`relations.needs`: a prompt's partials, the page template), itself left out.
 */
function referencedKinds(kind: string): string[] {
  const spec = kindSpec(kind);
  if (!spec) return [];
  const facts = schemaFacts(spec.createSchema);
  const ids = [...facts.references, ...facts.embeds].map((reference) => reference.kind);
  return [...new Set([...ids, ...(spec.relations?.needs ?? [])])].filter((other) => other !== kind);
}

/**
 * `kinds` with every referenced kind before the kinds that reference it, otherwise in the
 * given (the table's) order. A cycle cannot be ordered: its kinds keep the table's order.
 */
export function kindsInDependencyOrder(kinds: readonly string[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (kind: string): void => {
    if (ordered.includes(kind) || visiting.has(kind)) return;
    visiting.add(kind);
    for (const other of referencedKinds(kind)) if (kinds.includes(other)) visit(other);
    visiting.delete(kind);
    ordered.push(kind);
  };
  for (const kind of kinds) visit(kind);
  return ordered;
}

/** `nodes[1].config.flow_id` of a place. */
function placeText(place: readonly (string | number)[]): string {
  return place
    .map((step, index) => (typeof step === "number" ? `[${step}]` : index === 0 ? step : `.${step}`))
    .join("");
}

/**
 * Replaces, in each resource's arguments, every id at a referencing field with a
 * {@link ResourceRef} to the resource of that object, and orders the resources so that each
 * comes after those it references (the kinds are in order already; within a kind, a
 * pipeline handing over to another follows it). An id naming an object the snapshot lacks
 * stays as written, and so does one that closes a cycle (it cannot be declared first); each
 * such is a note for the README and said in the resource's comment.
 */
export function linkReferences<ModelResource extends LinkedResource>(
  resources: ModelResource[],
): { resources: ModelResource[]; notes: string[] } {
  const notes = resolve(resources);
  const ordered = declarationOrder(resources);
  notes.push(...breakForwardReferences(ordered));
  return { resources: ordered, notes };
}

/** The {@link ResourceRef}s in a resource's arguments, with the places they sit. */
function refsOf(
  value: unknown,
  visit: (ref: ResourceRef, holder: Record<string | number, unknown>, key: string | number) => void,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item instanceof ResourceRef) visit(item, value as unknown as Record<number, unknown>, index);
      else if (item instanceof Interpolation) refsOf(item.parts, visit);
      else refsOf(item, visit);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item instanceof ResourceRef) visit(item, value as Record<string, unknown>, key);
      else if (item instanceof Interpolation) refsOf(item.parts, visit);
      else refsOf(item, visit);
    }
  }
}

/** A JSON object (of any realm: a structured clone's too), not a placeholder such as a {@link ResourceRef}. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** `resources` with each after the ones of its kind it references (the first met first otherwise). */
function declarationOrder<ModelResource extends LinkedResource>(resources: ModelResource[]): ModelResource[] {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const ordered: ModelResource[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (resource: ModelResource): void => {
    if (placed.has(resource.name) || visiting.has(resource.name)) return;
    visiting.add(resource.name);
    refsOf(resource.args, (ref) => {
      const target = byName.get(ref.name);
      if (target && target.kind === resource.kind) place(target);
    });
    visiting.delete(resource.name);
    placed.add(resource.name);
    ordered.push(resource);
  };
  for (const resource of resources) place(resource);
  return ordered;
}

/** Turns each reference to a resource declared later (a cycle) back into its id; the notes say which. */
function breakForwardReferences<ModelResource extends LinkedResource>(ordered: ModelResource[]): string[] {
  const declared = new Set<string>();
  const notes: string[] = [];
  for (const resource of ordered) {
    refsOf(resource.args, (ref, holder, key) => {
      if (declared.has(ref.name)) return;
      holder[key] = ref.id;
      const what =
        ref.name === resource.name
          ? "names itself: a resource's own id is not known before it is made"
          : `and ${ref.typeName} \`${ref.name}\` reference each other: the program cannot declare both first`;
      notes.push(
        `${resource.kind} \`${resource.name}\` (${resource.id}) ${what}, so \`${resource.name}\` keeps the id ` +
          `\`${ref.id}\` as written.`,
      );
    });
    declared.add(resource.name);
  }
  return notes;
}

/** Links every reference of `resources` that names a resource; the notes of those that name none. */
function resolve<ModelResource extends LinkedResource>(resources: ModelResource[]): string[] {
  const byId = new Map<string, ModelResource>();
  for (const resource of resources) byId.set(`${kindOfTypeName(resource.kind)} ${resource.id}`, resource);
  const notes: string[] = [];
  for (const resource of resources) {
    const kind = kindOfTypeName(resource.kind);
    const spec = kind === undefined ? undefined : kindSpec(kind);
    if (!spec) continue;
    const missing: { field: string; label: string; id: string }[] = [];
    for (const reference of schemaFacts(spec.createSchema).references) {
      for (const place of secretPlaces(resource.args, [reference.path])) {
        let parent: unknown = resource.args;
        for (const step of place.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
        const key = place[place.length - 1]!;
        const holder = parent as Record<string | number, unknown>;
        const id = holder[key];
        if (typeof id !== "string") continue;
        const target = byId.get(`${reference.kind} ${id}`);
        const label = kindSpec(reference.kind)?.label ?? reference.kind;
        if (target) {
          holder[key] = new ResourceRef(target.name, target.kind, id);
        } else {
          missing.push({ field: placeText(place), label, id });
        }
      }
    }
    notes.push(...embedIds(resource, schemaFacts(spec.createSchema).embeds, byId));
    if (missing.length > 0) {
      const said = missing.map(({ field, label, id }) => `${field} names ${label} ${id}, which the tenant lacks`);
      resource.comment = `${resource.comment} ${commentSafe(said.join("; "))}: kept as written.`;
      for (const { field, label, id } of missing) {
        notes.push(
          `${resource.kind} \`${resource.name}\` (${resource.id}): \`${field}\` names ${label} \`${id}\`, which the ` +
            `tenant does not hold (missing), so the program keeps the id as written; create the ${label} in the ` +
            "program or change the field before deploying it to another tenant.",
        );
      }
    }
  }
  return notes;
}

/** The value at each place of `paths` in `args`, with a way to replace it. */
function fieldsAt(
  args: Record<string, unknown>,
  paths: readonly ReferenceFact["path"][],
): { place: readonly (string | number)[]; value: unknown; set(value: unknown): void }[] {
  return secretPlaces(args, paths).map((place) => {
    let parent: unknown = args;
    for (const step of place.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
    const holder = parent as Record<string | number, unknown>;
    const key = place[place.length - 1]!;
    return { place, value: holder[key], set: (value: unknown) => (holder[key] = value) };
  });
}

/**
 * Turns each text field that embeds ids (an action's `code`) into an {@link Interpolation}
 * when it names objects the snapshot holds, so that the program, deployed to another tenant,
 * names that tenant's objects; text naming none stays as written. The notes say which.
 */
function embedIds<ModelResource extends LinkedResource>(
  resource: ModelResource,
  embeds: readonly ReferenceFact[],
  byId: Map<string, ModelResource>,
): string[] {
  const notes: string[] = [];
  for (const embed of embeds) {
    const targets = [...byId.entries()]
      .filter(([key]) => key.startsWith(`${embed.kind} `))
      .map(([, target]) => target)
      // The longest first: an id that is a prefix of another does not split it.
      .sort((a, b) => b.id.length - a.id.length);
    for (const field of fieldsAt(resource.args, [embed.path])) {
      if (typeof field.value !== "string") continue;
      const parts = splitOnIds(field.value, targets);
      const named = parts.filter((part): part is ResourceRef => part instanceof ResourceRef);
      if (named.length === 0) continue;
      field.set(new Interpolation(parts));
      const label = kindSpec(embed.kind)?.label ?? embed.kind;
      const names = [...new Set(named.map((ref) => `\`${ref.name}\` (${ref.id})`))].join(", ");
      notes.push(
        `${resource.kind} \`${resource.name}\` (${resource.id}): \`${placeText(field.place)}\` names ${label} ` +
          `${names}; the program writes it with the ${label}'s id, so each tenant's copy names its own ${label}.`,
      );
    }
  }
  return notes;
}

/** `text` cut at each id of `targets` it holds: the ids become {@link ResourceRef}s. */
function splitOnIds(text: string, targets: readonly LinkedResource[]): (string | ResourceRef)[] {
  const parts: (string | ResourceRef)[] = [];
  let rest = text;
  for (;;) {
    let first: { at: number; target: LinkedResource } | undefined;
    for (const target of targets) {
      const at = target.id.length > 0 ? rest.indexOf(target.id) : -1;
      if (at >= 0 && (first === undefined || at < first.at)) first = { at, target };
    }
    if (!first) break;
    if (first.at > 0) parts.push(rest.slice(0, first.at));
    parts.push(new ResourceRef(first.target.name, first.target.kind, first.target.id));
    rest = rest.slice(first.at + first.target.id.length);
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}
