/**
 * Checks that what the server stored is still a valid body: every number finite, and the
 * form passing its own create schema with ajv's `strictNumbers` on (the contract's ajv,
 * with every format the schemas name).
 */
import { contractFormats, createAjv } from "../../api";
import { formCreateSchema } from "../../api/kinds/form/contract";

const strictAjv = createAjv(contractFormats);
if (strictAjv.opts.strictNumbers !== true) throw new Error("the contract's ajv must refuse non-finite numbers");
const validForm = strictAjv.compile(formCreateSchema);

/** True when a stored form (server fields removed) passes the create schema with strict numbers. */
export function ajvStrictNumbers(form: Record<string, unknown>): boolean {
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    embedded_at: _embedded,
    submitted_at: _submitted,
    ...fields
  } = form;
  return validForm(fields) as boolean;
}

/** Fails when any number in `value` is not finite. */
export function expectNoNonFinite(value: unknown, path = ""): void {
  if (typeof value === "number") expect({ path, finite: Number.isFinite(value) }).toEqual({ path, finite: true });
  else if (Array.isArray(value)) value.forEach((item, index) => expectNoNonFinite(item, `${path}[${index}]`));
  else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) expectNoNonFinite(inner, path ? `${path}.${key}` : key);
  }
}
