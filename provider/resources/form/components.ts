/**
 * Building form components in helper functions with short type errors. A helper that
 * returns an object literal without a type makes TypeScript compare it, at the call
 * site, with all 27 component types nested in Inputs: a misspelt `type` then costs a
 * 30-line error. Typed as a {@link FormComponent} where it is written, the same typo is
 * one line at the typo (`Type '"EMAL"' is not assignable to … Did you mean '"EMAIL"'?`).
 */
import type { FormComponent } from "../../../api";

/**
 * Returns `component` as it is, typed as a form component: use it in helper functions
 * that build components, so TypeScript checks each where it is written.
 *
 * ```ts
 * const field = (id: string) => tenant.formComponent({ id, category: "FIELD", type: "EMAIL", required: true });
 * ```
 */
export function formComponent(component: FormComponent): FormComponent {
  return component;
}

/** The `type` of a form component: `"EMAIL"`, `"TEXT"`, `"RECAPTCHA"`, … (27 in all). */
export type FormComponentType = FormComponent["type"];
