/** LoginTemplate reads both published GET shapes, `{body}` and a bare string, so neither shows as drift. */
import { KINDS } from "../../../../api";
import { kindModule } from "../../../../provider/lifecycle/kind-modules";

const loginTemplateOutputs = (answer: unknown) => KINDS.loginTemplate.provider.singleton.fromResponse(answer);
const diffLoginTemplate = (olds: Record<string, unknown>, news: Record<string, unknown>) =>
  kindModule("loginTemplate").implementation.diff("universal-login", olds, news);

const TEMPLATE = "<html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

describe("login template state", () => {
  it("reads {body} and a bare string alike", () => {
    expect(loginTemplateOutputs({ body: TEMPLATE })).toEqual({ template: TEMPLATE });
    expect(loginTemplateOutputs(TEMPLATE)).toEqual({ template: TEMPLATE });
  });

  it("a bare string answer is no drift against the same template", () => {
    expect(diffLoginTemplate(loginTemplateOutputs(TEMPLATE), { template: TEMPLATE })).toEqual({ changes: false });
  });

  it("an answer holding no markup reads as empty (a change)", () => {
    expect(loginTemplateOutputs({})).toEqual({ template: "" });
    expect(loginTemplateOutputs(null)).toEqual({ template: "" });
    expect(diffLoginTemplate(loginTemplateOutputs({}), { template: TEMPLATE })).toEqual({ changes: true });
  });
});
