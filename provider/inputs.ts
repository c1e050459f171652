/** Input types of the resource classes. */
import type * as pulumi from "@pulumi/pulumi";

/**
 * Keys that choose a variant of a union (a node's or component's `type`, a component's
 * `category`, an authorization's `method`, a rate limit's `action`). They stay plain
 * literal types, never `Input<…>`: TypeScript can then narrow the union from an object
 * literal, so a misspelt key (`tokne` in a bearer authorization, `requird` in a
 * component's config) is reported on that key, and editors complete the right variant's
 * keys.
 */
export type DiscriminantKey = "type" | "category" | "method" | "action";

/**
 * `T` where every value, at any depth, may also be an Output or a Promise: JSON from
 * the API pastes in unchanged, and a secret (`cfg.requireSecret(...)`) fits anywhere,
 * except at the discriminant keys ({@link DiscriminantKey}), which take literals.
 */
export type DeepInput<T> = DeepInputOf<T> | pulumi.Output<T>;

/**
 * {@link DeepInput} of each member of a union. The whole union's `Output` is taken besides
 * (above): a secret JSON object read as a union type (a connection's setups) fits its field.
 */
type DeepInputOf<T> = T extends string | number | boolean | null | undefined
  ? pulumi.Input<T>
  : T extends readonly (infer Item)[]
    ? pulumi.Input<DeepInput<Item>[]>
    : T extends object
      ? pulumi.Input<{ [K in keyof T]: K extends DiscriminantKey ? Discriminant<T[K]> : DeepInput<T[K]> }>
      : pulumi.Input<T>;

/** A discriminant's own type when it is a set of literals; otherwise an ordinary input. */
type Discriminant<V> = [V] extends [string | undefined] ? (string extends V ? DeepInput<V> : V) : DeepInput<V>;
