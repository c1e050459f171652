/** Words about a kind that the generated classes and the docs share. */
import { singletonKeyFields, type KindSpec } from "../../api";

/**
 * A singleton's id, what deleting its resource does and what it is one per, in words, from its
 * entry: a fixed id, a key of one or several fields (joined by `:`), or an id the tenant makes;
 * a delete that removes the object, removes only the fields the resource set (a merging PATCH),
 * or writes the object emptied.
 */
export function singletonWords(spec: KindSpec): { identity: string; removal: string; per: string } {
  const fields = singletonKeyFields(spec).map((field) => `\`${field}\``);
  const per = fields.join(" and ");
  const writes = spec.singletonWrites;
  const scope = fields.length > 0 ? `one ${per}'s` : "the tenant's";
  const identity = spec.singletonMadeId
    ? `Its id is the \`${spec.singletonMadeId.field}\` the tenant gave it (what \`pulumi import\` takes).`
    : fields.length > 1
      ? `Its id is its ${per}, joined by \`:\`: one per ${per} of the tenant.`
      : fields.length === 1
        ? `Its id is its ${per}: one per ${per} of the tenant.`
        : `Its id is always \`${spec.singletonId}\`.`;
  const removal = writes?.merges
    ? `removes the fields it set from ${scope} ${spec.label} and leaves the others`
    : writes?.deleteWrites
      ? `puts ${scope} ${spec.label} back to the tenant's default (\`${JSON.stringify(writes.deleteWrites)}\`)`
      : `removes ${scope} ${spec.label}`;
  return { identity, removal, per };
}
