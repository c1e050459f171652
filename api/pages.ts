/** Shapes of the list pages the API answers. */
import type { Form } from "./resources/form";

/** A page of a checkpoint-paginated list. */
export type CheckpointPage<K extends string, T> = { [key in K]: T[] } & { next?: string };

/** A page of the forms list with totals. */
export interface FormsPage {
  start: number;
  limit: number;
  total: number;
  forms: Form[];
}
