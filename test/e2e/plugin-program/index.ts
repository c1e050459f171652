/**
 * The plugin end-to-end test's program: a form through the `tenant` resource plugin,
 * with no generated SDK (a plain CustomResource of type `tenant:index:Form`). Config
 * `formName` names it.
 */
import * as pulumi from "@pulumi/pulumi";

/** A resource of the plugin, declared by its type token alone (what a generated SDK would wrap). */
class PluginResource extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(type, name, args, opts);
  }
}

const cfg = new pulumi.Config();
const form = new PluginResource("tenant:index:Form", "signup", {
  name: cfg.get("formName") ?? "Sign-up",
  languages: { primary: "en" },
  nodes: [
    {
      id: "details",
      type: "STEP",
      config: {
        components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true, config: {} }],
        next_node: "$ending",
      },
    },
  ],
  start: { next_node: "details" },
});

export const formId = form.id;
