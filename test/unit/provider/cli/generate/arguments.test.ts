/**
 * A generated resource holds its create's arguments only, at every depth: what the tenant
 * makes inside an object (an action secret's `updated_at`) is left out of the program in
 * every language, since the SDKs' types refuse it (TypeScript's `Input<string>` for a date,
 * Go's `ActionSecretArgs` without such a field).
 */
import { argumentsOnly, modelOf } from "../../../../../provider/cli/generate/model";
import { buildPluginProgram, PLUGIN_LANGUAGES } from "../../../../../provider/cli/generate/plugin-program";
import { buildProgram } from "../../../../../provider/cli/generate/typescript-program";
import type { TenantSnapshot } from "../../../../../provider/cli/generate/snapshot";

const snapshot: TenantSnapshot = {
  domain: "acme.example.com",
  notes: [],
  objects: {
    action: [
      {
        id: "5f0c6d43-7a0e-4a55-9b0f-3f3c1c7e2a11",
        name: "with-a-secret",
        supported_triggers: [{ id: "post-login", version: "v3" }],
        code: "exports.onExecutePostLogin = async () => {};",
        runtime: "node22",
        dependencies: [],
        secrets: [{ name: "CRM_TOKEN", updated_at: "2026-11-27T08:00:00.000Z" }],
        status: "built",
        all_changes_deployed: true,
        created_at: "2026-11-27T08:00:00.000Z",
        updated_at: "2026-11-27T08:00:00.000Z",
      },
    ],
  },
};

const options = { projectName: "acme", providerVersion: "0.2.0", pulumiVersion: "3.248.0" };

test("an action secret is its name and a configuration secret, without the tenant's updated_at", () => {
  const [action] = modelOf(snapshot).resources;
  const secrets = action.args.secrets as Record<string, unknown>[];
  expect(secrets).toHaveLength(1);
  expect(Object.keys(secrets[0]).sort()).toEqual(["name", "value"]);
  expect(action.args).not.toHaveProperty("status");
});

test.each(["dynamic", ...PLUGIN_LANGUAGES])("the %s program names no updated_at", (language) => {
  const files =
    language === "dynamic"
      ? buildProgram(snapshot, options).files
      : buildPluginProgram(snapshot, { ...options, language: language as (typeof PLUGIN_LANGUAGES)[number] }).files;
  const program = Object.entries(files)
    .filter(([name]) => /\.(ts|py|go)$|^Pulumi\.yaml$/.test(name))
    .map(([, text]) => text)
    .join("\n");
  expect(program).toContain("CRM_TOKEN");
  expect(program).not.toMatch(/updated_?at/i);
});

test("keys an open object or an unknown schema admits are kept; a closed object's unknown keys go", () => {
  const schema = {
    type: "object",
    additionalProperties: false,
    properties: {
      list: { type: "array", items: { type: "object", additionalProperties: false, properties: { a: {} } } },
      open: { type: "object", additionalProperties: true, properties: {} },
      any: {},
    },
  };
  const value = { list: [{ a: 1, b: 2 }], open: { x: 1 }, any: { y: 2 }, extra: 3 };
  expect(argumentsOnly(value, schema)).toEqual({ list: [{ a: 1 }], open: { x: 1 }, any: { y: 2 } });
});
