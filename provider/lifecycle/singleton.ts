/**
 * A singleton kind's module made from its table entry (`shape: "singleton"`): one object per
 * tenant at the entry's path, its id always the entry's `singletonId`. Create and update are
 * the same idempotent PUT, read is a GET, delete a DELETE; there is no list. The object's
 * fields are those of its response schema; the kind's own rules are its entry's
 * `provider.singleton` hooks (how GET's answer reads, the API failures it words itself, what
 * a write needs of the tenant, `generate`'s files), beside the entry in its room, api/kinds/<kind>/provider.ts.
 *
 * A keyed singleton (`singletonKey`: a trigger's bindings) has one object per value of its key
 * field: that value is its id and a step of its path; its writes may be PATCH of the whole
 * object and its delete a write of the object emptied (`singletonWrites`), and it is read page
 * by page when its entry has `paging`. A change of its key replaces it (another object).
 *
 * A singleton written by a merging PATCH (`singletonWrites.merges`: the branding settings)
 * manages the fields its program sets: an update also sends `null` for each field it stopped
 * setting, delete sends `null` for each field it set, and taking the tenant's one over needs
 * `adopt: true` only where it would overwrite a value. A singleton whose id the tenant makes
 * (`singletonMadeId`: the branding theme) is created by POST unless the tenant has one, which
 * it takes over (a PATCH by its id); its id is that id, read, written and deleted by it.
 *
 * A singleton may already exist when the resource is created (another stack, or made by
 * hand): creating over a *different* one fails at preview unless `adopt: true` says to take
 * it over, since this resource's delete would then remove an object someone else manages.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import {
  ERROR_CODES,
  singletonIdIn,
  singletonKeyFields,
  singletonKeyValues,
  singletonPathOf,
  type KindObject,
  type OwnFailure,
} from "../../api";
import { claimedBefore, missingNeeds, noteDeclaredSingleton } from "./singleton-program";
import { warn } from "../diagnostics";
import {
  ConflictError,
  FeatureUnavailableError,
  ForbiddenError,
  NotFoundError,
  TenantError,
  unlessGone,
} from "../client/errors";
import type { ErrorTarget } from "../client/errors";
import type { TenantClient } from "../client/http";
import { listOffset } from "../client/paging";
import type { KindGenerator } from "./generator";
import { knownOnly, tenantReader } from "./kind-hooks";
import {
  checkSingletonInputs,
  fieldsOf,
  holdsUnknown,
  overwrites,
  removalsOf,
  singletonFacts,
  withRemovals,
} from "./singleton-check";
import { deepEqual, type JsonObject, withoutProvider } from "./shared";
import type { AnyKindModule, LookupReader, ProviderContext, ResourceImplementation } from "./types";

export { checkSingletonInputs } from "./singleton-check";

/** The module of singleton kind `name` from its table entry and its hooks. */
export function singletonKindModule(name: string): AnyKindModule {
  const spec = singletonFacts(name);
  const hooks = spec.provider!.singleton!;
  const key = spec.singletonKey;
  const writes = spec.singletonWrites;
  const fields = Object.keys(fieldsOf(spec));
  /** The id of the object `values` (inputs, outputs) are: the fixed id, or the key's value. */
  const idOf = (values: JsonObject | undefined): string => {
    const id = singletonIdIn(spec, values);
    if (id === undefined) throw new Error(`${spec.label}: no ${key?.field ?? "id"} to name the object by`);
    return id;
  };
  const target = (action: string, id?: string): ErrorTarget => ({ kind: spec.label, ...(id ? { id } : {}), action });
  const pick = (values: JsonObject | undefined): JsonObject =>
    Object.fromEntries(fields.filter((field) => values?.[field] !== undefined).map((field) => [field, values![field]]));
  const fromResponse = (answer: unknown, id: string): JsonObject =>
    hooks.fromResponse ? hooks.fromResponse(answer, key ? id : undefined) : pick(answer as JsonObject);
  /** `current` as far as `desired` manages it (what the tenant fills in where the program left a field out, dropped). */
  const managed = (desired: JsonObject, current: JsonObject) =>
    hooks.comparable ? hooks.comparable(desired, current) : current;
  const same = (desired: JsonObject, current: JsonObject) => {
    const comparable = managed(desired, current);
    return fields.every((field) => deepEqual(desired[field], comparable[field]));
  };

  /** The kind's own words for an API failure, when it has them. */
  const ownFailureOf = (error: unknown, domain: string): OwnFailure | undefined =>
    error instanceof TenantError && error.status !== undefined
      ? hooks.failure?.({ status: error.status, errorCode: error.errorCode, message: error.message }, domain)
      : undefined;
  const translated = (error: unknown, domain: string): unknown => {
    const own = ownFailureOf(error, domain);
    if (!own || !(error instanceof TenantError)) return error;
    const details = { status: error.status, errorCode: error.errorCode };
    return own.as === "conflict"
      ? new ConflictError(error.target, own.problem, own.remedy, details)
      : new FeatureUnavailableError(error.target, own.problem, own.remedy, details);
  };
  const call = async <T>(client: TenantClient, request: (client: TenantClient) => Promise<T>): Promise<T> => {
    try {
      return await request(client);
    } catch (error) {
      throw translated(error, client.settings.domain);
    }
  };
  /** Writes the whole object `fields` (its own body, by its own method) to object `id`. */
  const write = (client: TenantClient, fields: JsonObject, action: string, id = idOf(fields)) => {
    const body = hooks.toRequest ? hooks.toRequest(fields) : fields;
    const method = writes?.method ?? "PUT";
    return call(client, (c) =>
      c.request({ method, path: singletonPathOf(spec, id), body, target: target(action, id) }),
    );
  };
  /** Its fields as the tenant has them, `undefined` when it has none (404); failures as the API answered them. */
  const readRaw = async (client: TenantClient, id: string, where: ErrorTarget): Promise<JsonObject | undefined> => {
    const path = singletonPathOf(spec, id);
    if (spec.paging) {
      const { listKey, maxPageSize } = spec.paging;
      const items = await unlessGone(
        listOffset(client, path, listKey, where, { pageSize: maxPageSize, totals: false }),
      );
      return items ? fromResponse({ [listKey]: items }, id) : undefined;
    }
    const reply = await unlessGone(client.get<unknown>(path, where));
    return reply ? fromResponse(reply.data, id) : undefined;
  };
  const isNone = (values: JsonObject | undefined): values is undefined =>
    values === undefined || hooks.isEmpty?.(values) === true;
  const made = spec.singletonMadeId;
  const merges = writes?.merges === true;
  const properties = fieldsOf(spec);
  /**
   * The tenant's object `values` (inputs, a lookup's arguments) name, with its id: a singleton
   * whose id the tenant makes is read at its current path whatever its id (`undefined` with none).
   */
  const locate = async (client: TenantClient, values: JsonObject, action: string) => {
    if (!made) {
      const id = idOf(values);
      const fields = await readRaw(client, id, target(action, key ? id : undefined));
      return fields === undefined ? undefined : { id, fields };
    }
    const reply = await unlessGone(client.get<JsonObject>(made.currentPath, target(action)));
    const id = reply?.data?.[made.field];
    return typeof id === "string" ? { id, fields: fromResponse(reply!.data, id) } : undefined;
  };
  /**
   * Creates a singleton whose id the tenant makes, or takes the tenant's one over (a second is
   * refused by the service; the check asked for `adopt: true` when it differs): answers its id.
   */
  const createMade = async (client: TenantClient, body: JsonObject): Promise<string> => {
    const existing = await call(client, (c) => locate(c, body, "create"));
    if (existing) {
      if (!same(body, existing.fields)) await write(client, body, "create", existing.id);
      return existing.id;
    }
    const request = { method: "POST" as const, path: made!.createPath, body, target: target("create") };
    const created = await call(client, (c) => c.request<JsonObject>(request));
    const id = created.data?.[made!.field];
    if (typeof id !== "string")
      throw new Error(`${spec.label}: the tenant's answer to its create holds no ${made!.field}`);
    return id;
  };

  /** The client of a check, or `undefined` when the tenant is not configured (reported once, elsewhere). */
  const clientOf = (ctx: ProviderContext): TenantClient | undefined => {
    try {
      return ctx.client();
    } catch {
      return undefined;
    }
  };

  /** Creating over a different existing one needs `adopt: true` (see the module's comment). */
  async function refuseSilentTakeover(ctx: ProviderContext, inputs: JsonObject): Promise<CheckFailure[]> {
    const given = pick(inputs);
    if (inputs.adopt === true || holdsUnknown(given)) return [];
    // A singleton of one field: nothing to compare before the program gives it.
    if (fields.length === 1 && given[fields[0]!] === undefined) return [];
    const client = clientOf(ctx);
    if (!client) return [];
    const current = (await locate(client, inputs, "check").catch(() => undefined))?.fields;
    // A merging write changes only what the program sets: taking over means overwriting a value.
    if (isNone(current) || (merges ? !overwrites(given, current) : same(inputs, current))) return [];
    return [
      {
        property: "adopt",
        reason:
          `the tenant ${client.settings.domain} already has a different ${spec.label} (${hooks.describe(current)}), ` +
          "perhaps managed by another stack. Set `adopt: true` to take it over (this resource then replaces it, and " +
          "deletes it on destroy), or remove this resource",
      },
    ];
  }

  /** Outputs keep the program's `adopt` flag (so read hands back the program's shape). */
  const withAdopt = (outputs: JsonObject, inputs: JsonObject | undefined): JsonObject =>
    inputs?.adopt === undefined ? outputs : { ...outputs, adopt: inputs.adopt };

  const implementation: ResourceImplementation = {
    async check(olds, news, ctx) {
      const inputs = withoutProvider(news);
      const { failures } = checkSingletonInputs(name, news);
      if (failures.length > 0 || !ctx) return { inputs: news, failures };
      const previous = withoutProvider(olds);
      const creating = Object.keys(previous).length === 0;
      const client = clientOf(ctx);
      // What later singletons of the program may need (a partials' template): this one is declared,
      // noted before any request of its own check, so a needing check that runs meanwhile sees it.
      if (client) noteDeclaredSingleton(client.settings.origin, name);
      // Only what is about to be written asks the tenant: an unchanged object costs no request.
      if (hooks.checkWrite && (creating || !same(inputs, previous))) {
        const known = Object.fromEntries(fields.map((field) => [field, knownOnly(inputs[field])]));
        const issues = client ? await hooks.checkWrite(known, tenantReader(client)) : [];
        if (issues.length > 0)
          return { inputs: news, failures: issues.map(({ property, reason }) => ({ property, reason })) };
      }
      if (client && spec.relations?.needs && (creating || !same(inputs, previous)) && !hooks.isEmpty?.(inputs)) {
        const missing = await missingNeeds(spec, client);
        if (missing.length > 0) return { inputs: news, failures: missing };
      }
      const claimed =
        client && spec.singletonOnePerProgram
          ? claimedBefore(spec, name, client, inputs, JSON.stringify(pick(inputs)), hooks.describe(inputs))
          : undefined;
      if (claimed) return { inputs: news, failures: [claimed] };
      if (!creating) return { inputs: news, failures };
      return { inputs: news, failures: await refuseSilentTakeover(ctx, inputs) };
    },

    diff(_id, olds, news) {
      const desired = withoutProvider(news);
      // Another key is another object (another trigger's list): replaced, not changed.
      // Generic: every field of a key of several (a prompt and a language) is a step of the path.
      const rekeyed = singletonKeyFields(spec).filter((field) => desired[field] !== olds[field]);
      // A field the program no longer sets is a change when the write must remove it (a merging PATCH).
      const removes = merges && Object.keys(removalsOf(pick(olds), pick(desired), properties)).length > 0;
      return { changes: removes || !same(desired, olds), ...(rekeyed.length > 0 ? { replaces: rekeyed } : {}) };
    },

    async create(ctx, inputs) {
      const body = pick(withoutProvider(inputs));
      if (made) return { id: await createMade(ctx.client(), body), outs: withAdopt(body, inputs) };
      const id = idOf(body);
      // Taking over one that already matches writes nothing, as adoptId does for the collections.
      const current =
        inputs.adopt === true
          ? await call(ctx.client(), (client) => readRaw(client, id, target("adopt", id)))
          : undefined;
      if (isNone(current) || !same(body, current)) await write(ctx.client(), body, "create");
      return { id, outs: withAdopt(body, inputs) };
    },

    async read(ctx, id, props) {
      const current = await call(ctx.client(), (client) => readRaw(client, id, target("read", id)));
      if (!current) return {};
      // What the program left to the tenant (a binding's display name) stays out of the outputs.
      const previous = props === undefined ? undefined : pick(props);
      const outputs = withAdopt(previous ? managed(previous, current) : current, props);
      // Generic (`readChanges`): what was edited outside the program, in words by part.
      const edits = previous && spec.readChanges ? spec.readChanges(previous, current) : [];
      if (edits.length > 0) {
        await warn(
          `the ${spec.label} ${id} on ${ctx.client().settings.domain} differs from the program's last write ` +
            `(edited outside it?): ${edits.join("; ")}. \`pulumi up\` writes the program's back`,
        );
      }
      return { id, props: outputs, inputs: { ...outputs } };
    },

    async update(ctx, id, olds, news) {
      const body = pick(withoutProvider(news));
      // A merging PATCH keeps what it is not sent: what the program stopped setting is removed by `null`.
      const sent = merges ? withRemovals(body, removalsOf(pick(olds), body, properties)) : body;
      await write(ctx.client(), sent, "update", made ? id : idOf(body));
      return { outs: withAdopt(body, news) };
    },

    async delete(ctx, id, props) {
      // A merging singleton is never removed, only the fields this resource set (the kind's room says so).
      if (merges && !writes?.deleteWrites) {
        const removals = removalsOf(pick(props), {}, properties);
        if (Object.keys(removals).length > 0) await write(ctx.client(), removals, "delete", id);
        return;
      }
      if (writes?.deleteWrites) {
        const emptied = { ...singletonKeyValues(spec, id), ...writes.deleteWrites };
        await unlessGone(write(ctx.client(), emptied, "delete"));
        return;
      }
      await call(ctx.client(), (client) =>
        unlessGone(client.request({ method: "DELETE", path: singletonPathOf(spec, id), target: target("delete", id) })),
      );
    },
  };

  /**
   * Its lookup: the tenant's one (a keyed singleton's by its key, an argument); a tenant without
   * one rejects with a NotFoundError, unless having none is an answer (no `noneFound`).
   */
  const find: LookupReader = async (client, args) => {
    const found = await call(client, (c) => locate(c, args, "look up"));
    const current = found?.fields;
    if (!isNone(current) || !hooks.noneFound) return current ?? singletonKeyValues(spec, idOf(args));
    const { problem, remedy } = hooks.noneFound;
    throw new NotFoundError(target("look up"), `the tenant ${client.settings.domain} ${problem}`, remedy);
  };

  /**
   * The object `id` for `generate`: undefined when the tenant has none; `skipped` when it cannot
   * have one or the client may not read it (with a note saying why, as for the collections).
   */
  async function readOne(client: TenantClient, id: string, notes: string[], progress?: (line: string) => void) {
    try {
      const found = await locate(client, made ? {} : singletonKeyValues(spec, id), "read");
      // A singleton whose id the tenant makes carries it, for the resource's id.
      const current = found && made ? { ...found.fields, [made.field]: found.id } : found?.fields;
      return isNone(current) ? undefined : current;
    } catch (error) {
      // A tenant that cannot have one (no custom domain for a template), or a client made before
      // the kind was managed: the program gets none, and the reader learns why.
      const own = ownFailureOf(error, client.settings.domain);
      const missingScope = error instanceof ForbiddenError && error.errorCode === ERROR_CODES.insufficientScope;
      if (!own?.generateSkips && !missingScope) throw translated(error, client.settings.domain);
      const note = own?.generateSkips
        ? `${spec.label}: not read: ${own.problem}. ${own.remedy}`
        : `${spec.plural} were not read: the client lacks the scope ${(error as ForbiddenError).missingScope ?? spec.scopes.get}; grant it to include them.`;
      progress?.(note);
      notes.push(note);
      return "skipped" as const;
    }
  }

  const generator: KindGenerator<JsonObject> = {
    async read(client, { progress, notes }) {
      // A keyed singleton: each key's object (each trigger's bindings), one GET each, in the key's order.
      const read: JsonObject[] = [];
      // Generic: a key whose values worth reading depend on the tenant (the languages it has enabled).
      const chosen = key?.valuesFrom ? await key.valuesFrom(tenantReader(client)) : undefined;
      const ids = chosen?.values ?? (key ? key.values : [spec.singletonId ?? ""]);
      for (const id of ids) {
        const current = await readOne(client, id, notes, progress);
        if (current === "skipped") return [];
        if (current) progress?.(`${spec.label}: ${hooks.describe(current)}`);
        if (current) read.push(current);
      }
      if (chosen) {
        const requests = ids.length + chosen.requests;
        const line = `${spec.plural}: ${requests} request${requests === 1 ? "" : "s"} (${chosen.words})`;
        progress?.(line);
      }
      if (read.length === 0) progress?.(`${spec.label}: none${hooks.noneMeans ? ` (${hooks.noneMeans})` : ""}`);
      return read;
    },

    resource(object, ctx) {
      const files = hooks.files ?? {};
      const naming = spec.provider?.naming;
      const id = idOf(object);
      return {
        name: ctx.name(naming?.words ? naming.words({ ...object, id } as KindObject) : spec.label, name),
        id,
        comment: spec.provider?.generate?.comment?.({ ...object, id } as KindObject) ?? spec.description,
        args: Object.fromEntries(
          fields
            .filter((field) => object[field] !== undefined)
            .map((field) => [
              field,
              files[field] !== undefined ? ctx.file(files[field], String(object[field]), name) : object[field],
            ]),
        ),
      };
    },
  };

  return {
    implementation,
    readers: Object.fromEntries(spec.lookups.map((lookup) => [lookup.name, find])),
    generator: generator as KindGenerator<unknown>,
  };
}
