/** The Form provider: the collection lifecycle with the form's policy. */
import type { Form } from "../../../api";
import type { TenantClient } from "../../client/http";
import { listKind } from "../../client/paging";
import { collectionResource, type CollectionSpec } from "../../lifecycle/collection";
import type { ErrorTarget } from "../../client/errors";
import type { ResourceImplementation } from "../../lifecycle/types";
import { formPatch } from "./payload";
import { checkNodeReferences, FORM_FIELDS } from "./schema";
import { formInputsFromOutputs, formOutputs, normaliseForm } from "./state";

/** Forms per list page of the resource's adoption and conflict checks. */
const PAGE_SIZE = 50;

/** Every form of the tenant (offset paging). */
export function listForms(
  client: TenantClient,
  target: ErrorTarget = { kind: "form", action: "list" },
): Promise<Form[]> {
  return listKind<Form>(client, "form", { target, pageSize: PAGE_SIZE });
}

/** The form's policy: every field in place by PATCH, `next_node` references checked, `ending` defaulted. */
export const formSpec: CollectionSpec<Form> = {
  kind: "form",
  fields: FORM_FIELDS,
  extraChecks: checkNodeReferences,
  list: listForms,
  // The list holds summaries: a refresh compares their updated_at and takes these from them (list-read.ts).
  summaryFields: ["embedded_at", "submitted_at"],
  normalise: normaliseForm,
  patch: formPatch,
  outputs: formOutputs,
  inputsFromOutputs: formInputsFromOutputs,
};

/** Form: create, read, update, delete against `/forms`. */
export const formImplementation: ResourceImplementation = collectionResource(formSpec);
