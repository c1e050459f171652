/** A kind declared after a validator's ajv was made still has its id format checked (formats are given, not cached). */
import { compileValidator, contractFormats, createAjv, defineKind } from "../../../api";
import { GADGET_KIND } from "../../fixtures/kinds/gadget/kind";

describe("formats of kinds declared later", () => {
  it("an ajv made before defineKind checks the new kind's id format in schemas compiled after it", () => {
    const ajv = createAjv(contractFormats);
    defineKind("lateGadget", GADGET_KIND);
    const gadgetId = compileValidator({ type: "string", format: "late-gadget-id" }, ajv);
    expect(gadgetId("gd_123456789ABCDEFGHJKLMN")).toBeUndefined();
    expect(gadgetId("not-a-gadget-id")).toEqual({
      property: "",
      message: expect.stringMatching(/^Must be an? .* id \(gd_…\)$/),
    });
  });
});
