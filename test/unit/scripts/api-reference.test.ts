/** The offline API reference (docs/reference, `npm run docs`) is current and complete. */
import * as fs from "node:fs";
import * as path from "node:path";
import { referencePages, REFERENCE_DIR } from "../../../scripts/api-reference";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";

const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "schema.json"), "utf8")) as Parameters<
  typeof referencePages
>[0];

describe("the API reference", () => {
  const pages = referencePages(schema);

  it("is the committed docs/reference (else run `npm run docs` and commit it)", () => {
    const committed = fs.readdirSync(REFERENCE_DIR).sort();
    expect(committed).toEqual(Object.keys(pages).sort());
    for (const [file, text] of Object.entries(pages))
      expect({ file, text: fs.readFileSync(path.join(REFERENCE_DIR, file), "utf8") }).toEqual({ file, text });
  });

  it("has a page per resource and function, each with examples and every property in every language", () => {
    const form = pages["Form.md"]!;
    expect(form).toContain("| `name` | `name` | `Name` | `name` | string | **required**. The form's name");
    expect(pages["types.md"]).toContain("| `nextNode` | `next_node` | `NextNode` | `next_node` | string |");
    for (const language of ["typescript", "python", "go", "java", "yaml"]) expect(form).toContain("```" + language);
    expect(pages["getRateLimitPolicies.md"]).toContain(
      "| `consumerSelector` | `consumer_selector` | `ConsumerSelector` | `consumer_selector` |",
    );
    expect(Object.keys(pages)).toHaveLength(
      Object.keys(schema.resources).length + Object.keys(schema.functions).length + 2,
    );
  });

  it("documents each dynamic TypeScript class under the API's names, which the SDKs spell their own way", () => {
    expect(pages["Form.md"]).toContain("`new tenant.Form(name, args)`, type token `pulumi-nodejs:dynamic/tenant:Form`");
    expect(pages["Form.md"]).toContain("plus `adoptId`");
    expect(pages["LoginTemplate.md"]).toContain("plus `adopt`");
    expect(pages["getForm.md"]).toContain("`tenant.getForm(args)` (a Promise) and `tenant.getFormOutput(args)`");
    // A name whose API spelling is not the snake_case of the schema's: kept as the API has it.
    expect(pages["types.md"]).toMatch(/\| `maxSize` \| `max_size` \| `MaxSize` \| `maxSize` \|/);
    expect(pages["types.md"]).toContain(
      "| `awsPartnerEventSource` | `aws_partner_event_source` | `AwsPartnerEventSource` | `aws_partner_event_source` |",
    );
  });
});
