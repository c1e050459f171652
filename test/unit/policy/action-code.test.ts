/**
 * `action-code-parses` (code the service deploys although it does not parse, named by line
 * and the parser's message, compiled and never run) and `action-code-known-at-preview` (code
 * not known at preview, named with what it is built from).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { tenantResource, type TenantResource } from "../../../policy/src/resources";
import { codeNotKnown, codeParses, codeSecrets, parseErrorOf } from "../../../policy/src/rules/actions";
import { UNKNOWN } from "../../../policy/src/rules/urls";

function resource(typeName: string, name: string, props: Record<string, unknown>): TenantResource {
  const type = `tenant:index:${typeName}`;
  return tenantResource({ type, name, urn: `urn:pulumi:dev::shop::${type}::${name}`, props })!;
}
const messages = (violations: { message: string }[]) => violations.map((violation) => violation.message);

describe("action-code-parses", () => {
  it("names the line and the parser's message of code that does not parse", () => {
    const code = "exports.onExecutePostLogin = async (event, api) => {\n  if (event.user.email {\n  }\n};\n";
    expect(messages(codeParses(resource("Action", "broken", { code })))).toEqual([
      expect.stringMatching(
        /^Action "broken": code line 2 does not parse: Unexpected token '\{'\. The tenant deploys it/,
      ),
    ]);
    expect(parseErrorOf("exports.a = 1;\nawait fetch('x');")).toEqual({
      line: 2,
      message: "await is only valid in async functions and the top level bodies of modules",
    });
    expect(parseErrorOf("import axios from 'axios';\nexports.a = 1;")).toMatchObject({ line: 1 });
    expect(parseErrorOf("exports.a = `unterminated\n")).toMatchObject({ line: 2, message: "Unexpected end of input" });
  });

  it("passes a module as the runtime loads it (top-level return, require) and never runs the code", () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parse-")), "ran");
    const code = [
      `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "x");`,
      "if (!module) return;",
      "exports.onExecutePostLogin = async (event, api) => { api.access.deny('no'); };",
    ].join("\n");
    expect(codeParses(resource("Action", "ok", { code }))).toEqual([]);
    expect(fs.existsSync(marker)).toBe(false);
    fs.rmSync(path.dirname(marker), { recursive: true });
  });

  it("leaves code not known at preview to the rule that names it", () => {
    expect(codeParses(resource("Action", "later", { code: UNKNOWN }))).toEqual([]);
    expect(codeSecrets(resource("Action", "later", { code: UNKNOWN }))).toEqual([]);
  });
});

describe("action-code-known-at-preview", () => {
  it("names an action whose code is not known, with the resources it is built from", () => {
    const form = resource("Form", "signup", { name: "Sign-up" });
    const action = resource("Action", "ask-company", { name: "ask", code: UNKNOWN });
    expect(codeNotKnown(action, [form])).toEqual([
      {
        urn: action.urn,
        message: expect.stringMatching(
          /^Action "ask-company": code is not known at this preview \(it is built from outputs of Form "signup" .*pulumi up judges it .*before the action is written.* hand such a value to the code as a secret of the action \(secrets: \[\{ name: "FORM_ID", value: form\.id \}\], read as event\.secrets\.FORM_ID\)/,
        ),
      },
    ]);
    expect(messages(codeNotKnown(action, []))).toEqual([expect.stringContaining("built from outputs that do not")]);
    expect(codeNotKnown(resource("Action", "known", { code: "exports.a = 1;" }), [form])).toEqual([]);
    expect(codeNotKnown(resource("Form", "f", { code: UNKNOWN }), [])).toEqual([]);
  });
});
