/** The form component secrets: one list that generate and the tenant server both read. */
import { secretPlaces, KINDS } from "../../../../api";
import { FORM_COMPONENT_SECRET_FIELDS, formSecrets } from "../../../../api/kinds/form/secrets";

const components = [
  { id: "r", type: "RECAPTCHA", config: { site_key: "s", secret_key: "S1" } },
  { id: "g", type: "GMAPS_ADDRESS", config: { api_key: "S2", server_key: "S3" } },
  { id: "p", type: "PAYMENT", config: { credentials: { public_key: "pk", private_key: "S4" } } },
  { id: "v", type: "AUTH0_VERIFIABLE_CREDENTIALS", config: { access_token: "S5" } },
];
const form = { nodes: [{ id: "step", type: "STEP", config: { components } }] };

describe("form component secrets", () => {
  it("every component secret the provider marks has an entry in the shared list", () => {
    for (const path of KINDS.form.secretPaths) {
      const where = path.find((part) => typeof part === "object" && part !== null && "where" in part) as {
        where: { type: string };
      };
      const field = path[path.length - 1] as string;
      const fields = FORM_COMPONENT_SECRET_FIELDS[where.where.type] ?? [];
      expect(fields.some((entry) => entry[0] === field)).toBe(true);
    }
  });

  it("generate finds all five secrets, the Google Maps server_key among them", () => {
    expect(formSecrets(form).map((secret) => secret.value)).toEqual(["S1", "S2", "S3", "S4", "S5"]);
  });

  it("the tenant server seals all five at rest, where the shared list says (PAYMENT's credentials whole)", () => {
    const paths = secretPlaces(form, KINDS.form.secretPaths).map((path) => path.join("."));
    expect(paths).toEqual([
      "nodes.0.config.components.0.config.secret_key",
      "nodes.0.config.components.1.config.api_key",
      "nodes.0.config.components.1.config.server_key",
      "nodes.0.config.components.2.config.credentials",
      "nodes.0.config.components.3.config.access_token",
    ]);
  });
});
