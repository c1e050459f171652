/**
 * `generate` for forms: the list (summaries) and one GET per form, each written as a
 * `Form` with its component secrets read from the stack configuration.
 */
import type { Form, FormSummary } from "../../../api";
import { NotFoundError } from "../../client/errors";
import {
  clone,
  commentSafe,
  counter,
  type KindGenerator,
  setPath,
  without,
  SERVER_FIELDS,
} from "../../lifecycle/generator";
import { mapLimited, readKind } from "../../lookups/read";
import { listKind } from "../../client/paging";
import { formSecrets } from "./secrets";

/** Fields the server makes, never part of a form's arguments: the usual ones and the form's own. */
const FORM_SERVER_FIELDS = [...SERVER_FIELDS, "embedded_at", "submitted_at"];

export const formGenerator: KindGenerator<Form> = {
  async read(client, { progress, notes, concurrency }) {
    const summaries = await listKind<FormSummary>(client, "form", {
      // The list holds summaries, not whole forms.
      onPage: (read, total) => progress?.(`forms: ${read}${typeof total === "number" ? ` of ${total}` : ""} listed`),
    });
    const tick = counter(progress, "forms", summaries.length);
    const forms = await mapLimited(summaries, concurrency, async (summary) => {
      try {
        return await readKind<Form>(client, "form", summary.id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        notes.push(`form ${summary.id} ("${summary.name}") was deleted while the tenant was read: left out.`);
        return undefined;
      } finally {
        tick();
      }
    });
    return forms.filter((form): form is Form => form !== undefined);
  },

  resource(form, ctx) {
    const name = ctx.name(form.name, "form", "Form");
    const args = clone(without(form, FORM_SERVER_FIELDS));
    for (const found of formSecrets(form)) {
      const description = `${found.componentType} ${found.field} of component ${found.componentId} in form "${form.name}" (${form.id})`;
      setPath(args, found.path, ctx.secret(`${name} ${found.componentId} ${found.field}`, description, found.value));
    }
    return { name, id: form.id, label: form.name, comment: `Form "${commentSafe(form.name)}" (${form.id}).`, args };
  },
};
