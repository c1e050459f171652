/**
 * Ids an object names of other kinds' objects, found by its fields' `references:` facts, and
 * judged against its tenant at preview: the tenant accepts an id it lacks (as the real service
 * does, or may), so the provider warns instead of failing. One rule for every kind whose
 * schema declares references (a form's flows, an event stream's action, a flow's vault
 * connections); a kind adds only its own words for what a missing target means.
 */
import { isObject } from "../json";
import { idsLackedBy, type LackedIds, type NamedId } from "./named-ids";
import { schemaFacts, type ReferenceFact } from "../schema/facts";
import { secretPlaces, type SecretPlace } from "../schema/secret-paths";
import type { JsonSchema } from "../schema/builder";
import type { TenantReader } from "./provider-hooks";

/** How kind `target`'s objects are named in messages and programs. */
export interface ReferenceTarget {
  /** The word for one object (`flow`). */
  readonly label: string;
  /** Its type name (`Flow`): the resource the remedy names. */
  readonly typeName: string;
}

/** The value at `place` in `value`. */
function valueAt(value: unknown, place: SecretPlace): unknown {
  let here = value;
  for (const step of place) here = isObject(here) || Array.isArray(here) ? (here as never)[step] : undefined;
  return here;
}

/**
 * `place` in words a person reads: an array item with an `id` of its own by that id
 * (`node "enrich" (config.flow_id)`), other steps dotted (`ending.after_submit.flow_id`).
 */
export function placeInWords(value: unknown, place: SecretPlace): string {
  for (let index = 1; index < place.length; index += 1) {
    const key = place[index - 1];
    const item = valueAt(value, place.slice(0, index + 1));
    if (typeof place[index] === "number" && typeof key === "string" && isObject(item) && typeof item.id === "string") {
      const before = place.slice(0, index - 1).map(String);
      const one = key.endsWith("s") ? key.slice(0, -1) : key;
      const rest = dotted(place.slice(index + 1));
      return `${[...before, `${one} "${item.id}"`].join(".")}${rest ? ` (${rest})` : ""}`;
    }
  }
  return dotted(place);
}

const dotted = (place: SecretPlace) =>
  place.reduce<string>(
    (text, step) => (typeof step === "number" ? `${text}[${step}]` : text ? `${text}.${step}` : step),
    "",
  );

/** Every id `fields` names by reference fact `reference` (strings only: unknown values are not judged). */
export function namedBy(fields: unknown, reference: ReferenceFact): NamedId[] {
  return secretPlaces(fields, [reference.path])
    .map((place) => ({ where: placeInWords(fields, place), id: valueAt(fields, place) }))
    .filter((named): named is NamedId => typeof named.id === "string");
}

/** One judge per target kind: each tenant's objects of that kind listed once per provider process. */
const JUDGES = new Map<string, LackedIds>();
const judgeOf = (kind: string) => {
  let judge = JUDGES.get(kind);
  if (!judge) JUDGES.set(kind, (judge = idsLackedBy((tenant) => tenant.list(kind))));
  return judge;
};

/**
 * The warnings for the ids `fields` names (by the `references:` facts of `createSchema`) that
 * its tenant lacks: `object` is the kind's label and the object's name, `targets` how each
 * referenced kind is named, `consequences` the kind's words for what a missing target means.
 * Ids `olds` named already are not judged again, nor ids not known yet.
 */
export async function missingReferenceWarnings(
  createSchema: JsonSchema,
  object: { readonly label: string; readonly name: unknown },
  fields: Readonly<Record<string, unknown>>,
  olds: Readonly<Record<string, unknown>> | undefined,
  tenant: TenantReader,
  targets: (kind: string) => ReferenceTarget,
  consequences: Readonly<Record<string, string>> = {},
): Promise<string[]> {
  const warnings: string[] = [];
  for (const reference of schemaFacts(createSchema).references) {
    const lacked = await judgeOf(reference.kind)(
      namedBy(fields, reference),
      olds ? namedBy(olds, reference) : [],
      tenant,
    );
    const target = targets(reference.kind);
    const field = reference.path.filter((step): step is string => typeof step === "string" && step !== "*").at(-1);
    const variable = reference.kind;
    for (const missing of lacked) {
      const consequence = consequences[reference.kind];
      warnings.push(
        `${object.label} "${String(object.name)}": ${missing.where} names ${target.label} ${missing.id}, which the ` +
          `tenant ${tenant.domain} does not have${consequence ? `; ${consequence}` : ""}. Manage the ${target.label} ` +
          `in the program and use its id (\`${field}: ${variable}.id\` of ${/^[AEIOU]/.test(target.typeName) ? "an" : "a"} ` +
          `${target.typeName} resource), so each tenant gets its own ${target.label}'s id.`,
      );
    }
  }
  return warnings;
}
