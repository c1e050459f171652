/** A scope of the management API: `<verb>:<resource>`. */
export type Scope = `${"create" | "read" | "update" | "delete"}:${string}`;

/** The scopes of each operation on a collection: `read:<resource>` to list and get, and so on. */
export function collectionScopes<R extends string>(resource: R) {
  return {
    list: `read:${resource}`,
    get: `read:${resource}`,
    create: `create:${resource}`,
    update: `update:${resource}`,
    delete: `delete:${resource}`,
  } as const;
}
