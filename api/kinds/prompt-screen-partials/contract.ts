/**
 * A prompt's screen partials (`/api/v2/prompts/{prompt}/partials`): the HTML each of the prompt's
 * screens inserts at fixed points (`{"login": {"form-content-start": "<div>…</div>"}}`). A
 * singleton keyed by the prompt, its id the prompt. `PUT` replaces the whole prompt (a screen left
 * out is dropped, `{}` clears, a screen with an empty object is dropped); `GET` answers `{}` before
 * any write. The tenant takes partials only with a custom domain and a login page template. The
 * Terraform provider's equivalents are `auth0_prompt_screen_partials` and `auth0_prompt_screen_partial`.
 */
import { object, record, string, type Static } from "../../schema/builder";
import type { KindDeclaration } from "../../table/kind-spec";
import { changesByScreen, PARTIAL_PROMPTS } from "../../prompt-names";
import { promptScreenPartialsProviderHooks } from "./provider";

/** Path of a prompt's partials under `/api/v2`. */
export const PROMPT_PARTIALS_PATH = "/prompts/{prompt}/partials";

/** Each screen's HTML by insertion point, as `PUT` takes and `GET` answers it. */
export const partialsBodySchema = record(record(string()));

/** A prompt's screen partials, in the program's words. */
export const promptScreenPartialsSchema = object(
  {
    /** The prompt (`login`, `login-passwordless`, …): the object's id. */
    prompt: string({ replaceOnChange: true }),
    /** Each screen's HTML by insertion point: `{"login": {"form-content-start": "<div>…</div>"}}`. */
    screens: partialsBodySchema,
  },
  { required: ["prompt", "screens"] },
);

/** A prompt's screen partials. */
export type PromptScreenPartials = Static<typeof promptScreenPartialsSchema>;

/** What each field means (the table's `fieldDocs`). */
const PROMPT_PARTIALS_FIELD_DOCS: Readonly<Record<string, string>> = {
  prompt:
    "The prompt whose screens take these partials (`login`, `login-passwordless`, …; the service's names). A change replaces the resource.",
  screens:
    "Each screen's HTML by insertion point (`form-content-start`, `form-content-end`, `form-footer-start`, `form-footer-end`, " +
    "`secondary-actions-start`, `secondary-actions-end`): every partial of the prompt; a screen left out has none.",
};

/** The screen partials' entry in the table of kinds. */
export const promptScreenPartialsKind = {
  typeName: "PromptScreenPartials",
  label: "prompt screen partials",
  plural: "prompt screen partials",
  description:
    "The HTML one prompt's screens insert at their insertion points; one per prompt, its id the prompt. " +
    "Needs a custom domain and a login page template on the tenant.",
  path: PROMPT_PARTIALS_PATH,
  shape: "singleton",
  singletonKey: { field: "prompt", values: PARTIAL_PROMPTS },
  // Partials are inserted into the login page template: the tenant's, or one this program declares.
  relations: { needs: ["loginTemplate"] },
  // Two resources for one prompt would overwrite each other's screens: the second is refused at preview.
  singletonOnePerProgram: true,
  // PUT replaces the whole prompt; removing the resource writes it empty.
  singletonWrites: { method: "PUT", deleteWrites: { screens: {} } },
  // A refresh says what was edited by hand, by screen and key.
  readChanges: (before, after) => changesByScreen(before.screens, after.screens),
  createSchema: promptScreenPartialsSchema,
  updateSchema: promptScreenPartialsSchema,
  responseSchema: promptScreenPartialsSchema,
  secretPaths: [],
  secretsAre: "read-back",
  scopes: { get: "read:prompts", update: "update:prompts", delete: "update:prompts" },
  notFoundCode: "inexistent_prompts",
  fieldDocs: PROMPT_PARTIALS_FIELD_DOCS,
  example: { prompt: "login", screens: { login: { "form-content-start": "<div>Welcome back</div>" } } },
  lookups: [
    {
      name: "getPromptScreenPartials",
      description: "Reads one prompt's screen partials (`{}` when none were written).",
      args: [{ name: "prompt", description: "The prompt (`login`, …)." }],
      result: "object",
      example: { prompt: "login" },
    },
  ],
  provider: promptScreenPartialsProviderHooks,
} as const satisfies KindDeclaration;
