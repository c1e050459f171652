/** JSON values as Java and Go of the generated SDKs (provider/printers/java.ts, go.ts), for the schema's examples and generated programs. */
import { GoPrinter } from "../../../../provider/printers/go";
import { JavaPrinter } from "../../../../provider/printers/java";
import type { ObjectTypes } from "../../../../provider/printers/typed";

const TYPES: ObjectTypes = {
  "tenant:index:Start": {
    properties: { nextNode: { type: "string" }, hidden: { type: "array", items: { type: "string" } } },
  },
  "tenant:index:Webhook": { properties: { type: { type: "string" }, endpoint: { type: "string" } } },
};
const PROPERTIES = {
  name: { type: "string" },
  start: { $ref: "#/types/tenant:index:Start" },
  destination: {
    oneOf: [{ $ref: "#/types/tenant:index:Webhook" }],
    discriminator: { propertyName: "type", mapping: { webhook: "#/types/tenant:index:Webhook" } },
  },
  translations: { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } },
};

describe("the Java printer", () => {
  const printer = new JavaPrinter(TYPES);

  it("writes builders for object types and a union's matching branch, literals and collections", () => {
    const text = printer.record(
      {
        name: 'Sign "up"',
        start: { nextNode: "step", hidden: ["a", "b"] },
        destination: { type: "webhook", endpoint: "https://example.com" },
        translations: { fr: { title: "Bonjour", size: 2, ratio: 1.5, on: true, list: [1] } },
      },
      "Form",
      PROPERTIES,
      0,
      "form",
    );
    expect(text).toBe(
      [
        "FormArgs.builder()",
        '    .name("Sign \\"up\\"")',
        "    .start(StartArgs.builder()",
        '        .nextNode("step")',
        '        .hidden(List.of("a", "b"))',
        "        .build())",
        "    .destination(WebhookArgs.builder()",
        '        .type("webhook")',
        '        .endpoint("https://example.com")',
        "        .build())",
        '    .translations(Map.of("fr", Map.of("title", "Bonjour", "size", 2, "ratio", 1.5d, "on", true, "list", List.of(1))))',
        "    .build()",
      ].join("\n"),
    );
  });

  it("writes Map.ofEntries past ten entries (Map.of takes at most ten pairs)", () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    const text = printer.value(many, { type: "object", additionalProperties: { type: "integer" } }, 0, "m");
    expect(text.startsWith("Map.ofEntries(")).toBe(true);
    expect(text.match(/Map\.entry\(/g)).toHaveLength(11);
  });

  it("names the path of a field the type does not have", () => {
    expect(() => printer.record({ start: { next: "x" } }, "Form", PROPERTIES, 0, "form")).toThrow(
      'form.start: "next" is not a field of Start in the Java SDK',
    );
  });
});

describe("numbers and maps of maps, as each SDK types them", () => {
  const properties = {
    radius: { type: "number" },
    count: { type: "integer" },
    screens: { type: "object", additionalProperties: { type: "object", additionalProperties: { type: "string" } } },
  };
  const value = { radius: 8, count: 3, screens: { login: { "form-content-start": "<p>Hi</p>" } } };

  it("Java: a schema number is a Double literal, an integer an int", () => {
    const text = new JavaPrinter({}).record({ radius: 8, count: 3 }, "Theme", properties, 0, "theme");
    expect(text).toContain(".radius(8.0)");
    expect(text).toContain(".count(3)");
    expect(new JavaPrinter({}).record({ radius: 1.5 }, "Theme", properties, 0, "theme")).toContain(".radius(1.5)");
  });

  it("Go: a map of string maps is a pulumi.StringMapMap of pulumi.StringMap", () => {
    const text = new GoPrinter({}, "tenant").record(value, "Partials", properties, 0, "partials");
    expect(text).toContain(
      'pulumi.StringMapMap{"login": pulumi.StringMap{"form-content-start": pulumi.String("<p>Hi</p>")}}',
    );
    expect(text).not.toContain("pulumi.Map{");
  });
});
