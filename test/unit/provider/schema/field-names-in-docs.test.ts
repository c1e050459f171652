/**
 * A field's description is written once, with the API's names in backticks, and each reader
 * reads it in its own names: the package schema (hence YAML and the docs) in camelCase, the
 * Python SDK in snake_case, the Go SDK in PascalCase.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { packageSchema } from "../../../../provider/schema/package-schema";
import { multiWordSchemaNames, renameFieldsInText, spellForLanguage } from "../../../../provider/schema/names";
import { spellFieldsInDocs } from "../../../../scripts/sdk";

describe("field names in descriptions", () => {
  it("are written in the package schema's names; values and unknown words are kept", () => {
    expect(renameFieldsInText("the first node (`next_node`) of `start.hidden_fields`")).toBe(
      "the first node (`nextNode`) of `start.hiddenFields`",
    );
    expect(renameFieldsInText("only `oauth_authentication_api`, `$ending`, `type`")).toBe(
      "only `oauth_authentication_api`, `$ending`, `type`",
    );
  });

  it("no description of the package schema names a field by its API name", () => {
    const schema = JSON.stringify(packageSchema("0.0.0"));
    const apiNames = [...multiWordSchemaNames()].map((name) => name.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`));
    const descriptions = [...schema.matchAll(/"description":"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!);
    const stale = descriptions.flatMap((text) => apiNames.filter((name) => text.includes(`\`${name}\``)));
    expect(stale).toEqual([]);
  });

  it("each SDK's comments name fields as its code does (Python next_node, Go NextNode, others nextNode)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-docs-"));
    try {
      const comment =
        "the first node (`nextNode`), an `afterSubmit` flow (`flowId`), `type`, `oauth_authentication_api`";
      for (const language of ["python", "go", "nodejs"]) {
        fs.mkdirSync(path.join(dir, language));
        fs.writeFileSync(path.join(dir, language, "doc.txt"), comment);
        spellFieldsInDocs(path.join(dir, language), language);
      }
      const read = (language: string) => fs.readFileSync(path.join(dir, language, "doc.txt"), "utf8");
      expect(read("python")).toBe(
        "the first node (`next_node`), an `after_submit` flow (`flow_id`), `type`, `oauth_authentication_api`",
      );
      expect(read("go")).toBe(
        "the first node (`NextNode`), an `AfterSubmit` flow (`FlowId`), `type`, `oauth_authentication_api`",
      );
      expect(read("nodejs")).toBe(comment);
      expect(spellForLanguage("java")).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
