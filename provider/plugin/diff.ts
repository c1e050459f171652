/**
 * What a plugin Diff reports beside "changes or not": the detailed diff the engine shows per
 * property, and the changed properties (`diffs`, which `pulumi preview --json` prints as a
 * step's `diffReasons`). Keys are the API's names here; the server renames them for the engine.
 */
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";

type Json = Record<string, unknown>;

/** Top-level property changes between the state's outputs and the new inputs, as the engine shows them. */
export function detailedDiff(
  olds: Json,
  news: Json,
  replaces: string[],
  oldsAreInputs = true,
): Record<string, providerPb.PropertyDiff> {
  const { ADD, ADD_REPLACE, UPDATE, UPDATE_REPLACE, DELETE, DELETE_REPLACE } = providerPb.PropertyDiff.Kind;
  const detail: Record<string, providerPb.PropertyDiff> = {};
  for (const key of new Set([...Object.keys(olds), ...Object.keys(news)])) {
    if (key.startsWith("__") || (!oldsAreInputs && !(key in news))) continue;
    const replace = replaces.includes(key);
    let kind: providerPb.PropertyDiff.Kind;
    if (!(key in news)) kind = replace ? DELETE_REPLACE : DELETE;
    else if (!(key in olds)) kind = replace ? ADD_REPLACE : ADD;
    else if (JSON.stringify(olds[key]) !== JSON.stringify(news[key]) || replace)
      kind = replace ? UPDATE_REPLACE : UPDATE;
    else continue;
    detail[key] = new providerPb.PropertyDiff().setKind(kind).setInputdiff(true);
  }
  return detail;
}

/**
 * The top-level properties a diff with changes names (`DiffResponse.diffs`): those of the
 * detailed diff; when that is empty (the old inputs equal the new ones but the tenant's
 * object does not), the new inputs that differ from the state's outputs.
 */
export function changedProperties(detail: Record<string, unknown>, olds: Json, news: Json): string[] {
  const named = Object.keys(detail);
  if (named.length > 0) return named.sort();
  return Object.keys(news)
    .filter((key) => !key.startsWith("__") && JSON.stringify(olds[key]) !== JSON.stringify(news[key]))
    .sort();
}
