/**
 * Where a form's secrets are: the secret fields of each component type (the one
 * declaration), the paths the entry (contract.ts) declares from them, and the secret values
 * of one form (what `generate` replaces by placeholders).
 */
import { isObject } from "../../json";
import { EACH, type SecretPath } from "../../schema/secret-paths";

/**
 * The secrets of each form component type, as paths under the component's `config`:
 * the reCAPTCHA secret key, the Google Maps keys, the payment provider's private key and
 * the verifiable-credentials access token. The one declaration: `generate` (secrets go to
 * `.tenant-secrets/`, never into the program) and the tenant server (sealed at rest) read
 * it as is; {@link FORM_SECRET_PATHS} (provider marking, redaction) is derived from it.
 */
export const FORM_COMPONENT_SECRET_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  RECAPTCHA: [["secret_key"]],
  GMAPS_ADDRESS: [["api_key"], ["server_key"]],
  PAYMENT: [["credentials", "private_key"]],
  AUTH0_VERIFIABLE_CREDENTIALS: [["access_token"]],
};

const component = (type: string): SecretPath => [
  "nodes",
  EACH,
  "config",
  "components",
  EACH,
  { where: { type } },
  "config",
];

/**
 * Where the form component secrets sit in a form, derived from
 * {@link FORM_COMPONENT_SECRET_FIELDS}. The API returns them on GET (the published
 * response schemas include them), so they are read back rather than carried forward. The
 * provider marks the field's first key under `config` secret whole (PAYMENT's whole
 * `credentials` object), so a secret inside an object never shows beside its siblings.
 */
export const FORM_SECRET_PATHS: readonly SecretPath[] = Object.entries(FORM_COMPONENT_SECRET_FIELDS).flatMap(
  ([type, fields]) => [...new Set(fields.map((field) => field[0]))].map((key): SecretPath => [...component(type), key]),
);

/** One secret value of a form. */
export interface FormSecret {
  /** Path from the form object to the value: `["nodes", 2, "config", "components", 0, "config", "secret_key"]`. */
  path: (string | number)[];
  /** The node holding the component. */
  nodeId: string;
  /** The component's id. */
  componentId: string;
  /** The component's type: `RECAPTCHA`. */
  componentType: string;
  /** The secret's key in the component's config: `secret_key`, `credentials.private_key`. */
  field: string;
  /** The value, as the API returned it. */
  value: string;
}

/** Every secret string in the components of `form`'s STEP nodes. */
export function formSecrets(form: { nodes?: unknown }): FormSecret[] {
  const secrets: FormSecret[] = [];
  if (!Array.isArray(form.nodes)) return secrets;
  form.nodes.forEach((node, nodeIndex) => {
    if (!isObject(node) || !isObject(node.config) || !Array.isArray(node.config.components)) return;
    node.config.components.forEach((component, componentIndex) => {
      if (!isObject(component) || typeof component.type !== "string") return;
      for (const configPath of FORM_COMPONENT_SECRET_FIELDS[component.type] ?? []) {
        let value: unknown = component.config;
        for (const key of configPath) value = isObject(value) ? value[key] : undefined;
        if (typeof value !== "string") continue;
        secrets.push({
          path: ["nodes", nodeIndex, "config", "components", componentIndex, "config", ...configPath],
          nodeId: String(node.id),
          componentId: String(component.id),
          componentType: component.type,
          field: configPath.join("."),
          value,
        });
      }
    });
  });
  return secrets;
}
