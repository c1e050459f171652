/** The contract's validation: strict numbers, and messages that name the property and say what is allowed. */
import { compileValidator, contractFormats, createAjv } from "../../../api";
import { templatePutSchema } from "../../../api/kinds/login-template/contract";
import { formCreateSchema } from "../../../api/kinds/form/contract";
import { FORM_FORMATS } from "../../../api/kinds/form/formats";
import { checkForm } from "../provider/lifecycle-helpers";

const ajv = createAjv(contractFormats);
const form = compileValidator(formCreateSchema, ajv);
const template = compileValidator(templatePutSchema, ajv);

describe("validation", () => {
  it.each([NaN, Infinity, -Infinity])(
    "refuses the non-finite number %p (ajv strictNumbers), naming the property",
    (value) => {
      expect(form({ name: "x", start: { coordinates: { x: value, y: 0 } } })).toEqual({
        property: "start.coordinates.x",
        message: "Must be integer",
      });
      const payment = { id: "p", category: "FIELD", type: "NUMBER", config: { default_value: value } };
      expect(form({ name: "x", nodes: [{ id: "s", type: "STEP", config: { components: [payment] } }] })).toEqual({
        property: "nodes[0].config.components[0].config.default_value",
        message: "Must be number",
      });
      expect(checkForm({ name: "x", start: { coordinates: { x: 0, y: value } } }).failures).toEqual([
        { property: "start.coordinates.y", reason: "Must be integer" },
      ]);
    },
  );

  it("a discriminator failure lists the values it takes", () => {
    expect(form({ name: "x", nodes: [{ id: "n", type: "TELEPORT" }] })).toEqual({
      property: "nodes[0].type",
      message: "Must be one of: STEP, FLOW, ROUTER",
    });
  });

  it("a union's failure is the branch the value was meant for", () => {
    expect(template({ template: 7 })).toEqual({ property: "template", message: "Must be string" });
    expect(template(7)).toEqual({ property: "", message: "Must be string or object" });
    const payment = (amount: unknown) => ({
      name: "x",
      nodes: [
        {
          id: "s",
          type: "STEP",
          config: {
            components: [
              {
                id: "p",
                category: "FIELD",
                type: "PAYMENT",
                config: {
                  charge: { type: "ONE_OFF", one_off: { amount, currency: "EUR" } },
                  credentials: { public_key: "a", private_key: "b" },
                },
              },
            ],
          },
        },
      ],
    });
    const at = "nodes[0].config.components[0].config.charge.one_off.amount";
    expect(form(payment(0))).toEqual({ property: at, message: "Value is below minimum 0.01" });
    expect(form(payment(""))).toEqual({ property: at, message: "String is too short, minimum 1" });
    expect(form(payment(true))).toEqual({ property: at, message: "Must be string or number" });
  });

  it("a format failure says what the format is, never the value", () => {
    const issue = form({ name: "x", nodes: [{ id: "secret value!", type: "STEP" }] });
    expect(issue).toEqual({ property: "nodes[0].id", message: FORM_FORMATS["forms-custom-identifier"].message });
    expect(issue?.message).not.toContain("secret value!");
  });
});
