/** The shapes the form renderer, router and validator share. */
import type { FormComponent, FormEnding, FormFields, FormNode } from "../../api/kinds/form/contract";

export type { FormComponent, FormEnding, FormNode };

/** The parts of a form (as created or read back) that drawing and running it use. */
export type RenderableForm = Pick<
  FormFields,
  "nodes" | "start" | "ending" | "messages" | "translations" | "languages" | "style"
>;

/** The name of the submit buttons' field: `$` is not allowed in a component id, so it cannot clash with one. */
export const FORM_ACTION_FIELD = "$action";
/** The action of a NEXT_BUTTON (and of pressing Enter). */
export const NEXT_ACTION = "next";
/** The action of a PREVIOUS_BUTTON. */
export const PREVIOUS_ACTION = "previous";
/** Prefix of a JUMP_BUTTON's action: `jump:<node id or $ending>`. */
export const JUMP_ACTION_PREFIX = "jump:";
/** Prefix of a RESEND_BUTTON's action: `resend:<component id>`. */
export const RESEND_ACTION_PREFIX = "resend:";
/** Suffix of the text input that carries a CHOICE's "other" answer (`<id>[other]`). */
export const OTHER_SUFFIX = "[other]";
/** The value of a CHOICE's "other" option. */
export const OTHER_VALUE = "$other";

/** A file the user sent with a FILE component (what the server learnt from the multipart body). */
export interface SubmittedFile {
  name: string;
  size: number;
  type?: string;
}

/** What a browser sent for a step: a field's text, its several values, or files. */
export type SubmittedValue = string | string[] | SubmittedFile[] | undefined;

/** What a step shows besides its components: values already entered, errors by component id, messages. */
export interface StepState {
  /** Values already entered (or parsed by `validateStep`), by component id: shown back, escaped. */
  values?: Readonly<Record<string, unknown>>;
  /** Error texts by component id, shown under each field. */
  errors?: Readonly<Record<string, string>>;
  /** Messages of the step as a whole (a flow's error, a notice), shown above the fields. */
  messages?: readonly string[];
}

/** Where the step's HTML posts and how it reads. */
export interface StepOptions {
  /** The language requested (e.g. `fr`); the form's default language when it has no translation for it. */
  language?: string;
  /** The `<form action>`; the current address when left out. */
  action?: string;
  /** Hidden inputs the server needs back (state, CSRF token), by name. */
  hidden?: Readonly<Record<string, string>>;
}

/** Where a form goes after a node. */
export type FormDestination =
  { step: string } | { flow: string; node: string; next: string } | { ending: FormEnding } | { previous: true };
