/**
 * The actions' pure rules: secrets compared and carried by name whatever order the tenant
 * answers them in, outputs picked from the inputs' fields (the create schema's), the create
 * body that deploys in one request, and code that does not parse found at preview.
 */
import {
  actionCreatePayload,
  actionInputFields,
  actionOutputs,
  actionWarnings,
  codeParseError,
  comparableActions,
} from "../../../../api/kinds/action/provider";
import { mergeSecretsByName } from "../../../../api/table/secrets-by-name";
import type { TenantReader } from "../../../../api/table/provider-hooks";

const trigger = [{ id: "post-login" }];

test("the input fields are the create schema's, deploy included", () => {
  expect(actionInputFields()).toEqual([
    "name",
    "supported_triggers",
    "code",
    "runtime",
    "dependencies",
    "secrets",
    "modules",
    "deploy",
  ]);
});

test("secrets the tenant answers in its own order carry their values by name and are no change", () => {
  const inputs = {
    name: "a",
    supported_triggers: trigger,
    secrets: [
      { name: "bar", value: "2" },
      { name: "foo", value: "1" },
    ],
  };
  const answered = { ...inputs, secrets: [{ name: "foo" }, { name: "bar" }], all_changes_deployed: true };
  const outputs = actionOutputs(answered, inputs);
  expect(outputs.secrets).toEqual([
    { name: "foo", value: "1" },
    { name: "bar", value: "2" },
  ]);
  const { desired, current } = comparableActions(outputs, inputs);
  expect(current).toEqual(desired);
});

test("the tenant's merge keeps the secrets it had first and appends new ones", () => {
  const merged = mergeSecretsByName(
    [{ name: "foo", value: "1", updated_at: "t0" }],
    [{ name: "bar", value: "2" }, { name: "foo" }],
    "t1",
  );
  expect(merged).toEqual([
    { name: "foo", value: "1", updated_at: "t0" },
    { name: "bar", value: "2", updated_at: "t1" },
  ]);
});

test("a create asks to deploy in its body unless the program keeps a draft", () => {
  expect(actionCreatePayload({ name: "a" })).toEqual({ name: "a", deploy: true });
  expect(actionCreatePayload({ name: "a", deploy: false })).toEqual({ name: "a", deploy: false });
});

test("code that does not parse is named at preview with its line and the parser's words", async () => {
  const code = 'exports.onContinuePostLogin = async (event, api) => {\n\tconsole.log(event)\n};"\n';
  expect(codeParseError(code)).toBe("line 3: Unterminated string constant");
  expect(codeParseError("exports.onExecutePostLogin = async () => {};")).toBeUndefined();
  const warnings = await actionWarnings({ name: "stray-quote", code }, undefined, {} as TenantReader);
  expect(warnings).toEqual([expect.stringContaining('action "stray-quote": its code does not parse (line 3:')]);
  expect(await actionWarnings({ name: "fine", code: "exports.x = 1;" }, undefined, {} as TenantReader)).toEqual([]);
});
