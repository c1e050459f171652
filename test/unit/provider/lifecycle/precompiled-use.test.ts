/**
 * validateTree (provider/lifecycle/shared.ts) judges a kind's create schema with the validator
 * compiled at build time when there is one for that schema, and compiles any other schema.
 */
import type { ValidateFunction } from "ajv";
import { kindSpec, type JsonSchema } from "../../../../api";

const asked: string[] = [];
jest.mock("../../../../provider/lifecycle/precompiled", () => {
  const actual = jest.requireActual("../../../../provider/lifecycle/precompiled");
  return {
    ...actual,
    // A built validator that refuses everything, naming a property no schema has.
    precompiledValidate: (kind: string) => {
      asked.push(kind);
      const validate = (() => false) as unknown as ValidateFunction;
      validate.errors = [
        { keyword: "required", instancePath: "", schemaPath: "#", params: { missingProperty: "built" } },
      ];
      return validate;
    },
  };
});

import { validateTree } from "../../../../provider/lifecycle/shared";

test("a kind's create schema is judged by its precompiled validator, looked up once", () => {
  const schema = kindSpec("form")!.createSchema as JsonSchema;
  expect(validateTree({ name: "Sign-up" }, schema)).toEqual([
    { property: "built", reason: "Missing required property" },
  ]);
  validateTree({ name: "again" }, schema);
  expect(asked).toEqual(["form"]);
});

test("a schema of no kind is compiled at run time", () => {
  const schema: JsonSchema = { type: "object", required: ["name"] };
  expect(validateTree({}, schema)).toEqual([{ property: "name", reason: "Missing required property" }]);
  expect(validateTree({ name: "x" }, schema)).toEqual([]);
  expect(asked).toEqual(["form"]);
});
