/**
 * What TypeScript says of a form component that leaves out a config its type requires: the
 * component's `config`, by name, not another variant of the node union ("Type 'string' is not
 * assignable to type '\"ROUTER\"'"). Compiled with the project's TypeScript against the
 * package's types, as a program installing `pulumi-tenant` beside `typescript` is.
 */
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "../../../..");
const FILE = path.join(ROOT, "test", "types", "component-config.virtual.ts");

/** Every message of the diagnostics of `source` (compiled as a file of the project), chains flattened. */
function messagesOf(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const host = ts.createCompilerHost({ ...config.options, noEmit: true });
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === FILE ? source : readFile(file));
  host.fileExists = (file) => path.resolve(file) === FILE || ts.sys.fileExists(file);
  host.getSourceFile = (file, language) =>
    path.resolve(file) === FILE ? ts.createSourceFile(file, source, language) : getSourceFile(file, language);
  const program = ts.createProgram([FILE], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(FILE))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

/** A form whose STEP node holds `component`, exported as `name`. */
const form = (name: string, component: string) => `
export const ${name} = new tenant.Form("${name}", {
  name: "Sign-up",
  nodes: [
    { id: "step", type: "STEP", config: { components: [${component}], next_node: "route" } },
    { id: "route", type: "ROUTER", config: { rules: [], fallback: "$ending" } },
  ],
});
`;

test("a BOOLEAN field without config: the one error names the component's missing config; with `config: {}` it compiles", () => {
  // One program (a compile takes seconds): the form with its config, then the one without.
  const messages = messagesOf(
    [
      `import * as tenant from "pulumi-tenant";`,
      form("withConfig", `{ id: "agree", category: "FIELD", type: "BOOLEAN", label: "I agree", config: {} }`),
      form("withoutConfig", `{ id: "agree", category: "FIELD", type: "BOOLEAN", label: "I agree" }`),
    ].join("\n"),
  );
  expect(messages).toHaveLength(1);
  const last = messages[0]!.trim().split("\n").pop()!;
  expect(last).toMatch(/Property 'config' is missing in type '\{ id: string; category: "FIELD"; type: "BOOLEAN";/);
  expect(messages[0]).not.toContain(`to type '"ROUTER"'`);
});
