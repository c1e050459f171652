/**
 * A kind's provider hooks (its entry's `provider`, beside the entry in its room, api/kinds/<kind>/provider.ts) and its
 * entry's Early Access words, applied to the lifecycle the provider makes from the entry: no
 * shared file names the kind whose rules these are.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import {
  kindLabel,
  kindSpec,
  schemaFacts,
  type KindObject,
  type KindSpec,
  type TenantReader,
  type TenantWriter,
} from "../../api";
import { missingReferenceWarnings } from "../../api/table/missing-references";
import type { TenantClient } from "../client/http";
import { listKind, listOffset } from "../client/paging";
import { warn } from "../diagnostics";
import { explainNotEnabled } from "../client/early-access";
import { UNKNOWN, withoutProvider, type JsonObject } from "./shared";
import type { ProviderContext, ResourceImplementation } from "./types";

/** What a hook may read of `client`'s tenant. */
export function tenantReader(client: TenantClient): TenantReader {
  return {
    domain: client.settings.domain,
    origin: client.settings.origin,
    list: (kind) => listKind<KindObject>(client, kind, { target: { kind: kindLabel(kind), action: "check" } }),
    listOf: (list) =>
      listOffset<KindObject>(
        client,
        list.path,
        list.listKey,
        { kind: list.listKey, action: "check" },
        { pageSize: list.maxPageSize, totals: false },
      ),
    get: async (path) => (await client.get<unknown>(path, { kind: path.split("/")[1] ?? path, action: "check" })).data,
  };
}

/** What a kind's step after a write may do in `client`'s tenant (`action` names the step in errors). */
export function tenantWriter(client: TenantClient, label: string): TenantWriter {
  return {
    ...tenantReader(client),
    post: async (path, body) =>
      (await client.request<unknown>({ method: "POST", path, body, target: { kind: label, action: "deploy" } })).data,
  };
}

/** `value` without the values not known yet at preview (at any depth). */
export function knownOnly(value: unknown): unknown {
  if (value === UNKNOWN) return undefined;
  if (Array.isArray(value)) return value.map(knownOnly);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== UNKNOWN) out[key] = knownOnly(item);
  return out;
}

/** The failures of kind `spec`'s `checkCreate` hook for `news`, a resource about to be created (no `adoptId`). */
async function createFailures(
  spec: KindSpec,
  fields: readonly string[],
  ctx: ProviderContext,
  news: JsonObject,
): Promise<CheckFailure[]> {
  const hook = spec.provider?.checkCreate;
  if (!hook || news.adoptId !== undefined) return [];
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return []; // Not configured: reported once, elsewhere.
  }
  const inputs: JsonObject = {};
  for (const field of fields) if (news[field] !== undefined) inputs[field] = knownOnly(news[field]);
  return (await hook(inputs, tenantReader(client))).map(({ property, reason }) => ({ property, reason }));
}

/** Sends kind `spec`'s `warnings` for `news` (changing `olds`, none for a create) to the engine. */
async function sendWarnings(
  spec: KindSpec,
  fields: readonly string[],
  ctx: ProviderContext,
  olds: JsonObject | undefined,
  news: JsonObject,
): Promise<void> {
  const hook = spec.provider?.warnings;
  const references = spec.provider?.ownReferenceChecks ? [] : schemaFacts(spec.createSchema).references;
  if (!hook && references.length === 0) return;
  let client: TenantClient;
  try {
    client = ctx.client();
  } catch {
    return; // Not configured: reported once, elsewhere.
  }
  const known = (values: JsonObject) => {
    const out: JsonObject = {};
    for (const field of fields) if (values[field] !== undefined) out[field] = knownOnly(values[field]);
    return out;
  };
  const tenant = tenantReader(client);
  const [fieldsNow, fieldsBefore] = [known(news), olds && known(olds)];
  const messages = [
    ...(references.length === 0
      ? []
      : await missingReferenceWarnings(
          spec.createSchema,
          { label: spec.label, name: news.name },
          fieldsNow,
          fieldsBefore,
          tenant,
          (kind) => ({ label: kindLabel(kind), typeName: kindSpec(kind)?.typeName ?? kind }),
          spec.provider?.referenceConsequences,
        )),
    ...(hook ? await hook(fieldsNow, fieldsBefore, tenant) : []),
  ];
  for (const message of messages) await warn(message);
}

/**
 * `lifecycle` with kind `spec`'s hooks: its `checkCreate` after the lifecycle's own check of
 * a resource to create, and for an Early Access kind the words saying the feature is off.
 */
export function withKindHooks(
  spec: KindSpec,
  fields: readonly string[],
  lifecycle: ResourceImplementation,
): ResourceImplementation {
  const explain = <T>(ctx: ProviderContext, call: Promise<T>, about: unknown) =>
    spec.earlyAccess
      ? explainNotEnabled(spec, () => ctx.client().settings.domain, call, `managing ${spec.label} ${String(about)}`)
      : call;
  return {
    ...lifecycle,
    async check(olds, news, ctx) {
      const result = await lifecycle.check(olds, news, ctx);
      const creating = Object.keys(withoutProvider(olds)).length === 0;
      if (!ctx || (result.failures ?? []).length > 0) return result;
      await sendWarnings(spec, fields, ctx, creating ? undefined : withoutProvider(olds), withoutProvider(news));
      if (!creating || !spec.provider?.checkCreate) return result;
      return { ...result, failures: await createFailures(spec, fields, ctx, withoutProvider(news)) };
    },
    create: (ctx, inputs) => {
      const news = withoutProvider(inputs);
      // Named by what tells objects apart: the naming hook's field, else the name.
      const about = news[spec.provider?.naming?.labelField ?? "name"] ?? "";
      return explain(ctx, lifecycle.create(ctx, inputs), about);
    },
    read: (ctx, id, props) => explain(ctx, lifecycle.read(ctx, id, props), id),
    update: (ctx, id, olds, news) => explain(ctx, lifecycle.update(ctx, id, olds, news), id),
    delete: (ctx, id, props) => explain(ctx, lifecycle.delete(ctx, id, props), id),
  };
}
