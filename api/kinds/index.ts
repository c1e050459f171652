/**
 * The table of kinds: every kind of tenant object the project manages, with its wire facts
 * (path, id rule, schemas, secrets, scopes, paging, shape), its words and its lookups. Each
 * kind declares its entry once, in its own room (`formKind` in form/contract.ts, a
 * {@link KindSpec}); this file only composes them, and {@link KindName} follows. Other lists
 * of kinds (the Pulumi package schema, labels in messages, …) are derived from the table.
 */
import { idPatternOf, newIdOf, type IdFormat } from "../ids";
import { completeKind, type KindDeclaration, type KindSpec } from "../table/kind-spec";
import { FORMATS, type FormatDefinition } from "../schema/formats";
import { actionKind } from "./action/contract";
import { brandingKind } from "./branding/contract";
import { brandingThemeKind } from "./branding-theme/contract";
import { eventStreamKind } from "./event-stream/contract";
import { flowKind } from "./flow/contract";
import { flowVaultConnectionKind } from "./flow-vault-connection/contract";
import { formKind } from "./form/contract";
import { loginTemplateKind } from "./login-template/contract";
import { rateLimitPolicyKind } from "./rate-limit-policy/contract";
import { triggerBindingsKind } from "./trigger-bindings/contract";
import { promptSettingsKind } from "./prompt-settings/contract";
import { promptCustomTextKind } from "./prompt-custom-text/contract";
import { promptScreenPartialsKind } from "./prompt-screen-partials/contract";
import { NEIGHBOUR_SCOPES } from "../neighbours";

export * from "../table/kind-spec";

/** Every kind, by name: each entry completed from its fields' facts ({@link completeKind}). */
export const KINDS = {
  form: completeKind(formKind),
  eventStream: completeKind(eventStreamKind),
  loginTemplate: completeKind(loginTemplateKind),
  rateLimitPolicy: completeKind(rateLimitPolicyKind),
  flow: completeKind(flowKind),
  flowVaultConnection: completeKind(flowVaultConnectionKind),
  action: completeKind(actionKind),
  triggerBindings: completeKind(triggerBindingsKind),
  promptSettings: completeKind(promptSettingsKind),
  promptCustomText: completeKind(promptCustomTextKind),
  promptScreenPartials: completeKind(promptScreenPartialsKind),
  branding: completeKind(brandingKind),
  brandingTheme: completeKind(brandingThemeKind),
} as const satisfies Record<string, KindSpec>;

/** The name of a kind: the key the serialized providers pass to the runtime (stored in state, never renamed). */
export type KindName = keyof typeof KINDS;

/** The kind names, in the table's order. */
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** Kinds declared beyond the table by {@link defineKind}. */
const DEFINED_KINDS = new Map<string, KindSpec>();

/**
 * Declares a kind beyond the table: a test's own kind, or one being tried out before it
 * gets its entry. Whatever is derived from the table at call time includes it (the
 * server's routes, the provider's dispatch, lookups, `generate`, the package schema), so
 * it must be declared before the server starts or the program runs.
 */
export function defineKind(name: string, spec: KindDeclaration): void {
  if (kindSpec(name) !== undefined) throw new Error(`kind "${name}" is declared already`);
  if (!/^[a-z][A-Za-z]*$/.test(name)) throw new Error(`kind "${name}" must be a camelCase name`);
  DEFINED_KINDS.set(name, completeKind(spec));
}

/** Every kind's name: the table's, then the declared ones. */
export function kindNames(): string[] {
  return [...KIND_NAMES, ...DEFINED_KINDS.keys()];
}

/** The names of the kinds declared beyond the table. */
export function definedKindNames(): string[] {
  return [...DEFINED_KINDS.keys()];
}

/** The facts of kind `name` (the table's, or a declared kind's); undefined for no such kind. */
export function kindSpec(name: string): KindSpec | undefined {
  return Object.hasOwn(KINDS, name) ? (KINDS as Readonly<Record<string, KindSpec>>)[name] : DEFINED_KINDS.get(name);
}

/** How the objects of kind `name` are named in messages (its table entry's `label`; the name itself for no such kind). */
export function kindLabel(name: string): string {
  return kindSpec(name)?.label ?? name;
}

/** The kind of a type name (`"Form"` → `"form"`), or `undefined`. */
export function kindOfTypeName(typeName: string): string | undefined {
  return kindNames().find((kind) => kindSpec(kind)!.typeName === typeName);
}

const ID_REGEXES = new Map<string, RegExp>();

/** The id format of kind `kind` (a collection); throws for a kind without ids. */
function idFormatOf(kind: string): IdFormat {
  const id = kindSpec(kind)?.id;
  if (!id) throw new Error(`kind "${kind}" has no ids`);
  return id;
}

/** Regular expression (source text) matching a well-formed id of `kind`, as the service makes them. */
export function idPattern(kind: string): string {
  return idPatternOf(idFormatOf(kind));
}

/** True when `id` is a well-formed id of `kind`, as the service makes them. */
export function isValidId(kind: string, id: string): boolean {
  let regex = ID_REGEXES.get(kind);
  if (!regex) ID_REGEXES.set(kind, (regex = new RegExp(idPattern(kind))));
  return regex.test(id);
}

/** A new random id of `kind`. */
export function newId(kind: string): string {
  return newIdOf(idFormatOf(kind));
}

/** `rateLimitPolicy` → `rate-limit-policy`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The kinds' named string formats, for the schemas' `format`: each kind's own (`formats`)
 * and the format of each kind's ids (`form-id`, `event-stream-id`, …).
 */
/** Every named format of the contract: the shared ones and the table's (give it to `createAjv`). */
export function contractFormats(): Record<string, FormatDefinition> {
  return { ...FORMATS, ...kindFormatDefinitions() };
}

export function kindFormatDefinitions(): Record<string, FormatDefinition> {
  const specs = kindNames().map((kind) => [kind, kindSpec(kind)!] as const);
  const own = specs.flatMap(([, spec]) => Object.entries(spec.formats ?? {}));
  const ids = specs.flatMap(([kind, spec]): [string, FormatDefinition][] =>
    spec.id
      ? [
          [
            `${kebab(kind)}-id`,
            {
              validate: (value: string) => isValidId(kind, value),
              message: `Must be ${/^[aeiou]/.test(spec.label) ? "an" : "a"} ${spec.label} id (${
                spec.id.alphabet === "uuid" ? `${spec.id.prefix}a UUID` : `${spec.id.prefix}…`
              })`,
            },
          ],
        ]
      : [],
  );
  // A kind's own format wins over a derived id format of the same name: the form's `flow-id`
  // (the published format of a form's `flow_id`, any `af_` id) is wider than the flows' ids.
  return Object.fromEntries([...ids, ...own]);
}

/** Every scope of every kind (the declared ones too) and of the tenant's neighbours, sorted: what the admin client holds. */
export function allScopes(): string[] {
  const kinds = kindNames().flatMap((kind) => Object.values(kindSpec(kind)!.scopes));
  const neighbours = Object.values(NEIGHBOUR_SCOPES).flatMap((scopes) => Object.values(scopes) as string[]);
  return [...new Set([...kinds, ...neighbours])].sort();
}
