/**
 * A kind that needs another's object first (a prompt's partials, the page template) is
 * generated with `dependsOn` that kind's resources in every language: the engine creates
 * independent resources at once, so only a dependency orders them.
 */
import { buildPluginProgram, PLUGIN_LANGUAGES } from "../../../../../provider/cli/generate/plugin-program";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import type { TenantSnapshot } from "../../../../../provider/cli/generate/snapshot";
import { snapshot } from "../../../../fixtures/generate-snapshot";

const TEMPLATE = "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";

/** The fixture's tenant with a page template and the `login-id` prompt's partials. */
function withPartials(): TenantSnapshot {
  const base = snapshot();
  return {
    ...base,
    objects: {
      ...base.objects,
      loginTemplate: [{ template: TEMPLATE }],
      promptScreenPartials: [{ prompt: "login-id", screens: { "login-id": { "form-content-end": "<p>Help</p>" } } }],
    },
  };
}

const common = { projectName: "acme", pulumiVersion: "3.248.0", generatedAt: new Date("2026-12-05T00:00:00Z") };

describe("generate: what a resource needs first is a dependency", () => {
  it("the dynamic TypeScript program: the partials depend on the template", () => {
    const program = buildProgram(withPartials(), { ...common, providerVersion: "^0.2.0" });
    const template = program.resources.find((resource) => resource.kind === "LoginTemplate")!.name;
    expect(program.files["index.ts"]).toMatch(
      new RegExp(`new tenant\\.PromptScreenPartials\\([\\s\\S]*?\\}, \\{ dependsOn: \\[${template}\\] \\}\\);`),
    );
  });

  it.each(PLUGIN_LANGUAGES)("the %s program over the plugin: the partials depend on the template", (language) => {
    const program = buildPluginProgram(withPartials(), { ...common, language, providerVersion: "0.2.0" });
    const template = program.resources.find((resource) => resource.kind === "LoginTemplate")!.name;
    const text = Object.entries(program.files)
      .filter(([name]) => /\.(ts|py|go|yaml)$/.test(name))
      .map(([, content]) => content)
      .join("\n");
    const expected = {
      typescript: `}, { dependsOn: [${template}] });`,
      python: `opts=pulumi.ResourceOptions(depends_on=[`,
      go: `pulumi.DependsOn([]pulumi.Resource{${template}})`,
      yaml: `      dependsOn:\n        - \${${template}}`,
    }[language];
    expect(text).toContain(expected);
    // Only the resource that needs it: one dependency in the whole program.
    expect(text.split(/dependsOn|depends_on|DependsOn\(/).length - 1).toBe(1);
  });
});
