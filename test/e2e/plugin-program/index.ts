/**
 * The plugin end-to-end test's program: a form through the `tenant` resource plugin,
 * with no generated SDK (a plain CustomResource of type `tenant:index:Form`). Config
 * `formName` names it; its other inputs are in `signup-form.json`. Inputs are in the package
 * schema's names (`nextNode`): the JSON files are the API's (`next_node`, shared with tests that
 * POST them), renamed here as a program without an SDK would write them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { kindOfTypeName, renameResource } from "../../../provider/schema/names";

/** A resource of the plugin, declared by its type token alone (what a generated SDK would wrap). */
class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, apiArgs: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(type, name, renameResource(kindOfTypeName(type.split(":").pop()!)!, apiArgs, "toSchema"), opts);
  }
}

/** A resource of the plugin whose inputs are written in the package schema's names already. */
class SchemaResource extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(type, name, args, opts);
  }
}

const cfg = new pulumi.Config();
// The form's inputs, shared with the tests that make the same form by other ways.
const signup = JSON.parse(fs.readFileSync(path.join(__dirname, "signup-form.json"), "utf8"));
const form = new PluginResource("tenant:index:Form", "signup", { ...signup, name: cfg.get("formName") ?? signup.name });

// Config `extra`: more resources to declare, `[{ type, name, inputs }]` (the import test's).
const extra = JSON.parse(cfg.get("extra") ?? "[]") as { type: string; name: string; inputs: pulumi.Inputs }[];
for (const { type, name, inputs } of extra) new PluginResource(type, name, inputs);

// Config `bindings`: an action and the post-login bindings that run it, by reference (`action.id`,
// unknown at the first preview). Written in the package schema's names (`triggerId`, `displayName`).
if (cfg.getBoolean("bindings")) {
  const renderForm = new SchemaResource("tenant:index:Action", "renderForm", {
    name: "render-form-e2e",
    supportedTriggers: [{ id: "post-login" }],
    code: "exports.onExecutePostLogin = async (event, api) => {};",
  });
  new SchemaResource("tenant:index:TriggerBindings", "postLogin", {
    triggerId: "post-login",
    actions: [{ id: renderForm.id, displayName: "Render the form" }],
  });
}

export const formId = form.id;
