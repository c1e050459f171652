/** Shapes of the list pages the API answers. */

/** A page of a checkpoint-paginated list. */
export type CheckpointPage<K extends string, T> = { [key in K]: T[] } & { next?: string };
