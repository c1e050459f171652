/**
 * Forms shown to people: one STEP drawn as accessible HTML (`renderFormStep`), a step's
 * submission checked and parsed (`validateStep`), and where the form goes next (`nextNode`,
 * ROUTER conditions evaluated). Pure functions, no I/O. Apart from `render/index.ts`: it needs
 * sanitize-html, which the provider package does not ship.
 */
export { renderComponent, renderFormStep } from "./step";
export { FORM_SCREEN, renderFormPage } from "./page";
export { validateStep, type StepValidation } from "./validate";
export { FORM_START, nextNode } from "./router";
export { CONDITION_OPERATORS, evaluateCondition, operandValue, type ConditionScope } from "./conditions";
export { sanitiseRichText, styleSheetText, RICH_TEXT_TAGS } from "./sanitise";
export { DEFAULT_ERROR_TEXTS, componentText, errorText, formLanguage, type FormErrorKey } from "./text";
export {
  FORM_ACTION_FIELD,
  JUMP_ACTION_PREFIX,
  NEXT_ACTION,
  OTHER_SUFFIX,
  OTHER_VALUE,
  PREVIOUS_ACTION,
  RESEND_ACTION_PREFIX,
  type FormComponent,
  type FormDestination,
  type FormEnding,
  type FormNode,
  type RenderableForm,
  type StepOptions,
  type StepState,
  type SubmittedFile,
  type SubmittedValue,
} from "./types";
