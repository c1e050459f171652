/**
 * A vault connection's setup is chosen by its `type` (and its app): its error names a field of
 * the variant the body asked for, never another variant's or another app's. The union's branches
 * are told apart by their tags, as a discriminator would; an untagged branch (a nullable's null)
 * is neither chosen nor dropped.
 */
import { compileValidator } from "../../../../api/validate";
import {
  flowVaultConnectionCreateSchema,
  setupIssueForApp,
} from "../../../../api/kinds/flow-vault-connection/contract";
import { literal, nullable, object, string, union } from "../../../../api/schema/builder";

const create = compileValidator(flowVaultConnectionCreateSchema);

describe("a vault connection's setup, chosen by its type", () => {
  it.each([
    ["HTTP", { type: "BASIC_AUTH", password: "p" }, "setup.username", "Missing required property"],
    ["HTTP", { type: "BASIC_AUTH", username: "u", password: 7 }, "setup.password", "Must be string"],
    ["HTTP", { type: "API_KEY", name: "k", value: "v" }, "setup.in", "Missing required property"],
    ["HTTP", {}, "setup.type", "Missing required property"],
    ["SLACK", { type: "WEBHOOK", url: "" }, "setup.url", "String is too short, minimum 1"],
    ["SLACK", { type: "BEARER", token: "t" }, "setup.type", "Must be one of: WEBHOOK, OAUTH_CODE"],
    ["SLACK", { code: 7 }, "setup.code", "Must be string"],
    ["TWILIO", { type: "API_KEY", api_key: "k" }, "setup.account_id", "Missing required property"],
  ])("%s %j: %s", (app, setup, property, message) => {
    expect(create({ name: "n", app_id: app, setup })).toEqual({ property, message });
    expect(setupIssueForApp(app, setup)).toEqual({ property, message: expect.stringContaining(message) });
  });

  it("takes what the SDK takes: BASIC_AUTH without a password, an OAuth code without its type, its extra fields", () => {
    expect(create({ name: "n", app_id: "HTTP", setup: { type: "BASIC_AUTH", username: "u" } })).toBeUndefined();
    expect(create({ name: "n", app_id: "SLACK", setup: { code: "c", state: "s" } })).toBeUndefined();
  });

  it("an untagged branch is neither chosen nor dropped: a nullable object's own field is named", () => {
    const ending = nullable(object({ resume: literal(true), after: string() }));
    const validate = compileValidator(object({ ending }));
    expect(validate({ ending: { resume: false } })).toEqual({ property: "ending.resume", message: "Must be true" });
  });

  it("a tag no branch takes is named with the values the branches take", () => {
    const validate = compileValidator(
      union([
        object({ kind: literal("a"), x: string() }),
        object({ kind: literal("b"), y: string() }, { required: ["kind", "y"] }),
      ]),
    );
    expect(validate({ kind: "c" })).toEqual({ property: "kind", message: "Must be one of: a, b" });
    expect(validate({ kind: "b" })).toEqual({ property: "y", message: "Missing required property" });
  });
});
