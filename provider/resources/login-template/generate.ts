/**
 * `generate` for the login page template: one GET; the markup goes to a file beside the
 * program (`login.html`), which the `LoginTemplate` reads.
 */
import { KINDS } from "../../../api";
import type { KindGenerator } from "../../lifecycle/generator";
import { CUSTOM_DOMAIN_REMEDY, noCustomDomainProblem } from "./custom-domain";
import { FeatureUnavailableError } from "../../client/errors";
import { readLoginTemplate } from "./lookup";

/** The file the template is written to, next to the program. */
export const TEMPLATE_FILE = "login.html";

export const loginTemplateGenerator: KindGenerator<{ template: string }> = {
  async read(client, { progress, notes }) {
    let template: string | undefined;
    try {
      template = await readLoginTemplate(client);
    } catch (error) {
      // No custom domain, no template: the program gets none, and the reader learns why.
      if (
        !(error instanceof FeatureUnavailableError) ||
        error.problem !== noCustomDomainProblem(client.settings.domain)
      )
        throw error;
      const note = `login page template: not read: ${error.problem}. ${CUSTOM_DOMAIN_REMEDY}`;
      progress?.(note);
      notes.push(note);
      return [];
    }
    progress?.(
      template === undefined
        ? "login page template: none (the tenant shows the default page)"
        : `login page template: ${template.length} characters`,
    );
    return template === undefined ? [] : [{ template }];
  },

  resource({ template }, ctx) {
    return {
      name: ctx.name("login template", "loginTemplate"),
      id: KINDS.loginTemplate.singletonId,
      comment: `The hosted login page template (in ${TEMPLATE_FILE}).`,
      args: { template: ctx.file(TEMPLATE_FILE, template, "loginTemplate") },
    };
  },
};
