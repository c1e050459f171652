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
 * A singleton may already exist when the resource is created (another stack, or made by
 * hand): creating over a *different* one fails at preview unless `adopt: true` says to take
 * it over, since this resource's delete would then remove an object someone else manages.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { ERROR_CODES, singletonIdIn, singletonPathOf, type KindObject, type OwnFailure } from "../../api";
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
import { checkSingletonInputs, fieldsOf, singletonFacts } from "./singleton-check";
import { deepEqual, type JsonObject, UNKNOWN, withoutProvider } from "./shared";
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
  /** Writes the whole object `fields` (its own body, by its own method). */
  const write = (client: TenantClient, fields: JsonObject, action: string) => {
    const id = idOf(fields);
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
    if (inputs.adopt === true || fields.some((field) => inputs[field] === undefined || inputs[field] === UNKNOWN))
      return [];
    const client = clientOf(ctx);
    if (!client) return [];
    const id = idOf(inputs);
    const current = await readRaw(client, id, target("check", id)).catch(() => undefined);
    if (isNone(current) || same(inputs, current)) return [];
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
      // Only what is about to be written asks the tenant: an unchanged object costs no request.
      if (hooks.checkWrite && (creating || !same(inputs, previous))) {
        const client = clientOf(ctx);
        const known = Object.fromEntries(fields.map((field) => [field, knownOnly(inputs[field])]));
        const issues = client ? await hooks.checkWrite(known, tenantReader(client)) : [];
        if (issues.length > 0)
          return { inputs: news, failures: issues.map(({ property, reason }) => ({ property, reason })) };
      }
      if (!creating) return { inputs: news, failures };
      return { inputs: news, failures: await refuseSilentTakeover(ctx, inputs) };
    },

    diff(_id, olds, news) {
      const desired = withoutProvider(news);
      // Another key is another object (another trigger's list): replaced, not changed.
      const rekeyed = key !== undefined && desired[key.field] !== olds[key.field];
      return { changes: !same(desired, olds), ...(rekeyed ? { replaces: [key.field] } : {}) };
    },

    async create(ctx, inputs) {
      const body = pick(withoutProvider(inputs));
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
      return { id, props: outputs, inputs: { ...outputs } };
    },

    async update(ctx, _id, _olds, news) {
      const body = pick(withoutProvider(news));
      await write(ctx.client(), body, "update");
      return { outs: withAdopt(body, news) };
    },

    async delete(ctx, id) {
      if (writes?.deleteWrites) {
        const emptied = { ...(key ? { [key.field]: id } : {}), ...writes.deleteWrites };
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
    const id = idOf(args);
    const current = await call(client, (c) => readRaw(c, id, target("look up", key ? id : undefined)));
    if (!isNone(current) || !hooks.noneFound) return current ?? { ...(key ? { [key.field]: id } : {}) };
    const { problem, remedy } = hooks.noneFound;
    throw new NotFoundError(target("look up"), `the tenant ${client.settings.domain} ${problem}`, remedy);
  };

  /**
   * The object `id` for `generate`: undefined when the tenant has none; `skipped` when it cannot
   * have one or the client may not read it (with a note saying why, as for the collections).
   */
  async function readOne(client: TenantClient, id: string, notes: string[], progress?: (line: string) => void) {
    try {
      const current = await readRaw(client, id, target("read", key ? id : undefined));
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
      for (const id of key ? key.values : [spec.singletonId!]) {
        const current = await readOne(client, id, notes, progress);
        if (current === "skipped") return [];
        if (current) progress?.(`${spec.label}: ${hooks.describe(current)}`);
        if (current) read.push(current);
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
