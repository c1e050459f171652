/** The Form provider: the collection lifecycle with the form's policy. */
import { FORM_SECRET_PATHS, formCreateSchema, type Form } from "../../../api/resources/form";
import { idSchemas } from "../../../api/schemas";
import { secretValues, withoutSecrets } from "../../../api/schema/secret-paths";
import type { FormsPage } from "../../../api/types";
import type { TenantClient } from "../../client/http";
import { collectionResource, type CollectionSpec } from "../../lifecycle/collection";
import type { ErrorTarget } from "../../client/errors";
import type { ResourceImplementation } from "../types";
import { formPatch } from "./payload";
import { checkNodeReferences, FORM_FIELDS } from "./schema";
import { formInputsFromOutputs, formOutputs, normaliseForm } from "./state";

const PAGE_SIZE = 50;

/** Every form of the tenant (offset paging). */
export async function listForms(
  client: TenantClient,
  target: ErrorTarget = { kind: "form", action: "list" },
): Promise<Form[]> {
  const forms: Form[] = [];
  for (let page = 0; ; page += 1) {
    const { data } = await client.get<FormsPage | Form[]>("/forms", target, {
      page,
      per_page: PAGE_SIZE,
      include_totals: true,
    });
    const items = Array.isArray(data) ? data : (data.forms ?? []);
    forms.push(...items);
    const total = Array.isArray(data) ? undefined : data.total;
    if (items.length < PAGE_SIZE || (total !== undefined && forms.length >= total)) return forms;
  }
}

/** The form's policy: every field in place by PATCH, `next_node` references checked, `ending` defaulted. */
export const formSpec: CollectionSpec<Form> = {
  kind: "form",
  label: "form",
  path: "/forms",
  idSchema: idSchemas.form,
  createSchema: formCreateSchema,
  fields: FORM_FIELDS,
  extraChecks: checkNodeReferences,
  list: listForms,
  normalise: normaliseForm,
  patch: formPatch,
  outputs: formOutputs,
  inputsFromOutputs: formInputsFromOutputs,
  // Component secrets (RECAPTCHA secret_key, PAYMENT credentials…): out of messages and of the journal file.
  secretsOf: (body) => secretValues(body, FORM_SECRET_PATHS),
  withoutSecrets: (body) => withoutSecrets(body, FORM_SECRET_PATHS),
};

/** Form: create, read, update, delete against `/forms`. */
export const formImplementation: ResourceImplementation = collectionResource(formSpec);
