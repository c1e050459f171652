/** Input types of the resource classes. */
import type * as pulumi from "@pulumi/pulumi";

/**
 * `T` where every value, at any depth, may also be an Output or a Promise: JSON from
 * the API pastes in unchanged, and a secret (`cfg.requireSecret(...)`) fits anywhere.
 */
export type DeepInput<T> = T extends string | number | boolean | null | undefined
  ? pulumi.Input<T>
  : T extends (infer Item)[]
    ? pulumi.Input<DeepInput<Item>[]>
    : T extends object
      ? pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>
      : pulumi.Input<T>;
