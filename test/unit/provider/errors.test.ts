/** Error messages: name the object, the action and the remedy; never a secret. */
import { ForbiddenError, NotFoundError, redact, unlessGone } from "../../../provider/client/errors";

describe("errors", () => {
  it("unlessGone turns a 404 into undefined and lets every other error through", async () => {
    const target = { kind: "form", id: "ap_1", action: "read" };
    await expect(unlessGone(Promise.resolve(7))).resolves.toBe(7);
    await expect(unlessGone(Promise.reject(new NotFoundError(target, "gone", undefined)))).resolves.toBeUndefined();
    await expect(unlessGone(Promise.reject(new ForbiddenError(target, "no scope", "Grant read:forms", { status: 403 })))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("name the kind, the id, the action and what to do", () => {
    const error = new ForbiddenError({ kind: "form", id: "ap_1", action: "read" }, "client x lacks the scope read:forms", "Grant read:forms", { status: 403, missingScope: "read:forms" });
    expect(error.message).toBe("form ap_1: read failed: client x lacks the scope read:forms. Grant read:forms");
    expect(error.missingScope).toBe("read:forms");
    expect(error.name).toBe("ForbiddenError");
    expect(new NotFoundError({ kind: "form", name: "Sign-up", action: "create" }, "gone", undefined).message).toBe('form "Sign-up": create failed: gone');
  });

  it("redact removes every occurrence of each secret", () => {
    expect(redact("token abcd1234 and abcd1234 again; x", ["abcd1234", undefined, "x"])).toBe("token [secret] and [secret] again; x");
  });
});
