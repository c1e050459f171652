/**
 * Where a form's secrets are, with what names them: component secrets (a reCAPTCHA secret
 * key, a Google Maps API key and server key, a payment provider's credentials, a verifiable
 * credentials access token) come back with the form but must not be written into a program
 * in plain text.
 */
import { FORM_COMPONENT_SECRET_FIELDS } from "../../../api";

/** Secret values inside a form component's `config`, by component type (paths under `config`). */
export const FORM_COMPONENT_SECRETS = FORM_COMPONENT_SECRET_FIELDS;

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every secret string in the components of `form`'s STEP nodes. */
export function formSecrets(form: { nodes?: unknown }): FormSecret[] {
  const secrets: FormSecret[] = [];
  if (!Array.isArray(form.nodes)) return secrets;
  form.nodes.forEach((node, nodeIndex) => {
    if (!isRecord(node) || !isRecord(node.config) || !Array.isArray(node.config.components)) return;
    node.config.components.forEach((component, componentIndex) => {
      if (!isRecord(component) || typeof component.type !== "string") return;
      for (const configPath of FORM_COMPONENT_SECRETS[component.type] ?? []) {
        let value: unknown = component.config;
        for (const key of configPath) value = isRecord(value) ? value[key] : undefined;
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
