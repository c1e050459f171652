/**
 * `generate` links actions both ways, read off the table's facts: an event stream's `action`
 * destination names its action by `action.id` (the `references: "action"` fact), and an
 * action's code naming a form by id (the `embeds: "form"` fact) is written as an
 * interpolation of the form resource's id, in every language, so that the program deployed to
 * another tenant names that tenant's form and action. Ids of no object stay as written.
 */
import * as ts from "typescript";
import { buildPluginProgram, PLUGIN_LANGUAGES } from "../../../../../provider/cli/generate/plugin-program";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import type { TenantSnapshot } from "../../../../../provider/cli/generate/snapshot";

const FORM = "ap_6ukUwWY9onUDv1CSKo6Vvw";
const ACTION = "5f0c6d43-7a0e-4a55-9b0f-3f3c1c7e2a11";
const LOST_ACTION = "9b7e1c2d-0000-4a55-9b0f-3f3c1c7e2a99";
const LOST_FORM = "ap_NoSuchFormNoSuchFormNo";
/** Code naming the form twice, a form of no object, and text each language must keep as text. */
const CODE = [
  "exports.onExecutePostLogin = async (event, api) => {",
  `  if (event.user.email_verified) api.prompt.render('${FORM}');`,
  `  else api.prompt.render("${FORM}", { vars: { note: \`100% \${event.user.name} \\\\ done\` } });`,
  `  // ${LOST_FORM} is another tenant's`,
  "};",
].join("\n");

function tenant(): TenantSnapshot {
  return {
    domain: "acme.example.com",
    notes: [],
    objects: {
      // The table puts streams before actions and actions before forms: generate orders them by use.
      eventStream: [
        {
          id: "est_3Nf7qL3mXcVbT8wRyK1pDz",
          name: "to-action",
          status: "enabled",
          subscriptions: [{ event_type: "user.created" }],
          destination: { type: "action", configuration: { action_id: ACTION } },
        },
        {
          id: "est_4Nf7qL3mXcVbT8wRyK1pDz",
          name: "to-lost",
          status: "enabled",
          subscriptions: [{ event_type: "user.deleted" }],
          destination: { type: "action", configuration: { action_id: LOST_ACTION } },
        },
      ],
      action: [
        {
          id: ACTION,
          name: "render-signup",
          supported_triggers: [{ id: "post-login", version: "v3" }],
          code: CODE,
          runtime: "node22",
          dependencies: [],
          secrets: [],
        },
      ],
      form: [{ id: FORM, name: "Sign-up", nodes: [] }],
    },
  };
}

const options = {
  projectName: "acme",
  providerVersion: "0.2.0",
  pulumiVersion: "3.248.0",
  generatedAt: new Date("2026-11-27T00:00:00Z"),
};

/** Runs the TypeScript program with stand-ins: each resource's id is `<id of NAME>`; `interpolate` joins. */
function runTypescript(index: string, sdk: string): Record<string, Record<string, unknown>> {
  const made: Record<string, Record<string, unknown>> = {};
  const order: string[] = [];
  const tenantModule = new Proxy(
    { adoption: () => ({ id: () => undefined }) },
    {
      get: (target, kind: string) =>
        kind === "adoption"
          ? target.adoption
          : class {
              readonly id: string;
              constructor(name: string, args: Record<string, unknown>) {
                made[name] = args;
                order.push(name);
                this.id = `<id of ${name}>`;
              }
            },
    },
  );
  const pulumi = {
    interpolate: (strings: TemplateStringsArray, ...values: unknown[]) =>
      strings.raw.length && String.raw({ raw: strings }, ...values),
    Config: class {},
  };
  const modules: Record<string, unknown> = { [sdk]: tenantModule, "@pulumi/pulumi": pulumi, "./adopt.json": {} };
  const js = ts.transpileModule(index, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  new Function("require", "exports", "__dirname", js)((name: string) => modules[name], {}, "/");
  return made;
}

/** CODE as the other tenant's program makes it: each id of the form is that tenant's form's. */
const codeNaming = (form: string) => CODE.split(FORM).join(form);

describe("generate: references to and from actions", () => {
  it("writes a stream's action_id as the action's id, and keeps an id of no action with a note", () => {
    const program = buildProgram(tenant(), options);
    const index = program.files["index.ts"]!;
    expect(index).toContain("configuration: { action_id: renderSignup.id }");
    expect(index).toContain(`action_id: ${JSON.stringify(LOST_ACTION)}`);
    // The action is declared before the stream that uses it, the form before the action.
    const at = (name: string) => index.indexOf(`const ${name} = new`);
    expect(at("signUp")).toBeGreaterThan(-1);
    expect(at("signUp")).toBeLessThan(at("renderSignup"));
    expect(at("renderSignup")).toBeLessThan(at("toAction"));
    expect(program.files["README.md"]).toContain(
      `\`destination.configuration.action_id\` names action \`${LOST_ACTION}\``,
    );
  });

  it("writes an action's code as text with the form resource's id: the other tenant's program names its form", () => {
    const program = buildProgram(tenant(), options);
    const index = program.files["index.ts"]!;
    expect(index).toContain('import * as pulumi from "@pulumi/pulumi";');
    expect(index).toContain("code: pulumi.interpolate`");
    expect(index).not.toContain(FORM);
    const made = runTypescript(index, "pulumi-tenant");
    expect(made.renderSignup!.code).toBe(codeNaming("<id of signUp>"));
    expect((made.toAction!.destination as { configuration: unknown }).configuration).toEqual({
      action_id: "<id of renderSignup>",
    });
    const readme = program.files["README.md"]!;
    expect(readme).toContain(`\`code\` names form \`signUp\` (${FORM})`);
    expect(readme).not.toContain(`\`code\` names form \`${LOST_FORM}\``);
  });

  it.each(PLUGIN_LANGUAGES)("writes both references in the %s program of the plugin", (language) => {
    const files = buildPluginProgram(tenant(), { ...options, language }).files;
    const expected = {
      typescript: {
        file: "index.ts",
        stream: "actionId: renderSignup.id",
        code: "code: pulumi.interpolate`",
      },
      python: {
        file: "__main__.py",
        stream: '"action_id": render_signup.id',
        code: `code=pulumi.Output.concat(${JSON.stringify(CODE.split(FORM)[0])}, sign_up.id, `,
      },
      go: { file: "main.go", stream: "renderSignup.ID().ToStringOutput()", code: "pulumi.Sprintf(" },
      yaml: { file: "Pulumi.yaml", stream: "actionId: ${renderSignup.id}", code: "${signUp.id}" },
    }[language];
    const program = files[expected.file]!;
    expect(program).toContain(expected.stream);
    expect(program).toContain(expected.code);
    expect(program).toContain(LOST_ACTION);
    expect(program).toContain(LOST_FORM);
    // The form's id is written once: where the form resource adopts its object, never in the code.
    expect(program.split(FORM).length - 1).toBe(1);
    if (language === "typescript")
      expect(runTypescript(program, "@pulumi-tenant/sdk").renderSignup!.code).toBe(codeNaming("<id of signUp>"));
    if (language === "go") {
      expect(program).toContain("100%% ${event.user.name}");
      expect(program).toMatch(/pulumi\.Sprintf\(.*%v.*%v.*, signUp\.ID\(\), signUp\.ID\(\)\)/s);
    }
    if (language === "yaml") expect(program).toContain("100% $${event.user.name}");
  });
});
