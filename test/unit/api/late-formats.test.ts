/** A kind declared after a validator's ajv was made still has its id format checked (formats are given, not cached). */
import { compileValidator, contractFormats, createAjv, defineKind } from "../../../api";
import { FLOW_KIND } from "../../fixtures/kinds/flow/kind";

describe("formats of kinds declared later", () => {
  it("an ajv made before defineKind checks the new kind's id format in schemas compiled after it", () => {
    const ajv = createAjv(contractFormats);
    defineKind("lateFlow", FLOW_KIND);
    const flowId = compileValidator({ type: "string", format: "late-flow-id" }, ajv);
    expect(flowId("af_123456789ABCDEFGHJKLMN")).toBeUndefined();
    expect(flowId("not-a-flow-id")).toEqual({
      property: "",
      message: expect.stringMatching(/^Must be an? .* id \(af_…\)$/),
    });
  });
});
