/**
 * What `generate` asks of each kind (its `generate.ts`, registered with the kind in
 * provider/lifecycle/kind-modules.ts): read every object of the kind with GETs only, and turn
 * one object into a program resource. Also the placeholders a resource's arguments hold
 * instead of a secret or a file's content, and small helpers the kinds share. A leaf
 * module: the kinds import it, and it imports none of them.
 */
import { schemaFacts, secretPlaces, type JsonSchema, type KindSpec, type SecretPath } from "../../api";
import type { TenantClient } from "../client/http";

/** A value read from the stack configuration as a secret, in place of the value. */
export class SecretRef {
  /**
   * @param key the configuration key
   * @param object the secret is a JSON object (read with `requireSecretObject`), not a string
   */
  constructor(
    readonly key: string,
    readonly object = false,
    /** The package's type of the object (`HttpConnectionSetup`), where one names it. */
    readonly typeName?: string,
  ) {}
}

/**
 * Another resource of the program, in place of its id: the program writes `flow.id` where
 * the tenant held the flow's id, so the program deploys to any tenant.
 */
export class ResourceRef {
  /**
   * @param name the other resource's name in the program (its variable)
   * @param typeName its type name (`Flow`)
   * @param id its id in the tenant the program was generated from
   */
  constructor(
    readonly name: string,
    readonly typeName: string,
    readonly id: string,
  ) {}
}

/** The content of a file beside the program, in place of the value. */
export class FileRef {
  /**
   * @param file the file's name beside the program (`login.html`)
   * @param variable the name a program that reads it first gives it (`loginTemplate`)
   */
  constructor(
    readonly file: string,
    readonly variable: string,
  ) {}
}

/** What reading a kind may use. */
export interface ReadContext {
  /** One line per step, for the user (progress on stderr). */
  progress?(line: string): void;
  /** Things the user should know (a part skipped, an object gone while reading): they go to the README. */
  notes: string[];
  /** Requests in flight at once for a per-object read (the client's limiter paces them). */
  concurrency: number;
}

/** What turning an object into a resource may use. */
export interface ModelContext {
  /** A unique camelCase resource name from `words` (else `fallback`), with `suffix` when it needs one. */
  name(words: string | undefined, fallback: string, suffix?: string): string;
  /**
   * A stack configuration secret named after `name`, described for the README, with its value
   * when the API gave it; `schema` (the field's) makes an object-valued secret and its example,
   * `typeName` the package's type it is read as.
   */
  secret(name: string, description: string, value?: string, schema?: JsonSchema, typeName?: string): SecretRef;
  /** A file beside the program holding `content`. */
  file(file: string, content: string, variable: string): FileRef;
}

/** A program resource as a kind makes it (the model adds its type). */
export interface KindResource {
  /** The Pulumi resource name (a camelCase identifier, the TypeScript variable too). */
  name: string;
  /** The object's id in the tenant (a singleton's fixed id). */
  id: string;
  /** Its name in the tenant, when it has one. */
  label?: string;
  /** One line about it: `Form "Sign-up" (ap_…).` */
  comment: string;
  /** The arguments: the API's fields, with {@link SecretRef} and {@link FileRef} in places. */
  args: Record<string, unknown>;
}

/** A kind's part in `generate`. */
export interface KindGenerator<T = never> {
  /** Every object of the kind, as the API returns it, with GETs only (a singleton: none or one). */
  read(client: TenantClient, ctx: ReadContext): Promise<T[]>;
  /** The program resource of one object. */
  resource(object: T, ctx: ModelContext): KindResource;
}

type JsonObject = Record<string, unknown>;

/** The fields the server makes on every collection's objects: never part of a resource's arguments. */
export const SERVER_FIELDS: readonly string[] = ["id", "created_at", "updated_at"];

/** A deep copy of JSON data. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** `value` without the keys `fields` (the server's own fields). */
export function without(value: object, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!fields.includes(key)) out[key] = item;
  return out;
}

/** Sets the value at `path` (keys and indexes) of `target`. */
export function setPath(target: unknown, path: readonly (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

/** What a write-only placeholder is called and says (a kind may word its own: "the bearer token of …"). */
export interface PlaceholderWords {
  /** Words of its configuration key, after the resource's name (`webhook token`). */
  name: string;
  /** What it holds, for the README. */
  description: string;
  /** This object's shapes of the secret, where the field's schema is wider (a connection's setup: its app's). */
  schema?: JsonSchema;
  /** The package's type of those shapes (`HttpConnectionSetup`). */
  typeName?: string;
}

/** A secret the API never answers: where it sits, and its field's schema (a string, or an object). */
export interface WriteOnlyField {
  path: SecretPath;
  schema: JsonSchema;
}

/**
 * The secrets of a kind the API never answers, each with its field's schema: the fields marked
 * `writeOnly`, and (for an entry that lists its secret paths and says they are write-only) the
 * listed ones, as text.
 */
export function writeOnlyFieldsOf(spec: KindSpec): WriteOnlyField[] {
  const marked = schemaFacts(spec.createSchema).writeOnlyFields;
  if (spec.secretsAre !== "write-only") return [...marked];
  const known = new Set(marked.map((field) => JSON.stringify(field.path)));
  const listed = spec.secretPaths.filter((path) => !known.has(JSON.stringify(path)));
  return [...marked, ...listed.map((path) => ({ path, schema: { type: "string" } }))];
}

/** Where a write-only secret goes: its path, its place in the arguments and the object holding it. */
export interface PlaceholderSite {
  path: SecretPath;
  place: readonly (string | number)[];
  parent: Record<string, unknown>;
}

/** `auth.signing_secret` of a place, array indexes left out. */
const placeText = (place: readonly (string | number)[]): string =>
  place.filter((step): step is string => typeof step === "string").join(".");

/**
 * Puts a configuration placeholder ({@link SecretRef}) at every write-only path of `args`
 * whose parent object exists: the API never answers these secrets, so a program that is to
 * create the object again reads them from its stack configuration. An object-valued secret
 * (the schema says so) is read as a secret JSON object. The one path every kind's generator
 * takes (the table-made one, and kinds with files of their own that word their placeholders).
 */
export function writeOnlyPlaceholders(
  args: Record<string, unknown>,
  fields: readonly WriteOnlyField[],
  ctx: ModelContext,
  resource: { name: string; what: string },
  words?: (site: PlaceholderSite) => PlaceholderWords | undefined,
): void {
  for (const { path, schema } of fields) {
    const key = path[path.length - 1];
    if (typeof key !== "string") continue;
    for (const place of secretPlaces(args, [path.slice(0, -1)])) {
      let parent: unknown = args;
      for (const step of place) parent = (parent as Record<string | number, unknown>)[step];
      if (typeof parent !== "object" || parent === null || Array.isArray(parent)) continue;
      const record = parent as Record<string, unknown>;
      const at = [...place, key];
      const own = words?.({ path, place: at, parent: record });
      const field = placeText(at);
      const said = typeof schema.description === "string" ? ` (${schema.description.replace(/\.$/, "")})` : "";
      record[key] = ctx.secret(
        `${resource.name} ${own?.name ?? field.replace(/[._]/g, " ")}`,
        own?.description ?? `\`${field}\` of ${resource.what}${said}; the API never returns it`,
        undefined,
        own?.schema ?? schema,
        own?.typeName,
      );
    }
  }
}

/** Text safe inside a `/** … *\/` comment (or after `#`, `//`) on one line. */
export function commentSafe(text: string | undefined): string {
  return (text ?? "").replace(/\*\//g, "*\\/").replace(/[\r\n]+/g, " ");
}

/** Reports "n of total" lines for a long run without flooding: every 10 % and at the end. */
export function counter(progress: ((line: string) => void) | undefined, label: string, total: number): () => void {
  let done = 0;
  let lastDecile = 0;
  return () => {
    done += 1;
    const decile = Math.floor((done * 10) / Math.max(total, 1));
    if (done === total || decile > lastDecile) {
      lastDecile = decile;
      progress?.(`${label}: ${done} of ${total} read`);
    }
  };
}
