/** Finding a form's nodes by id. */
import type { FormNode, RenderableForm } from "./types";

/** The node `id` of the form; an error naming it when there is none. */
export function findNode(form: RenderableForm, id: string): FormNode {
  const node = (form.nodes ?? []).find((candidate) => candidate.id === id);
  if (!node) {
    const known = (form.nodes ?? []).map((candidate) => candidate.id).join(", ") || "none";
    throw new Error(`The form has no node "${id}" (its nodes: ${known}).`);
  }
  return node;
}

/** The STEP node `id`; an error when it is missing or of another type. */
export function findStep(form: RenderableForm, id: string): Extract<FormNode, { type: "STEP" }> {
  const node = findNode(form, id);
  if (node.type !== "STEP") throw new Error(`The node "${id}" is a ${node.type}, not a STEP: only steps are shown.`);
  return node;
}
