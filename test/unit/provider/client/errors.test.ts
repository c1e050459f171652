/** Error messages: name the object, the action and the remedy; never a secret. */
import {
  ConfigurationError,
  excerpt,
  ForbiddenError,
  NotFoundError,
  redact,
  SharedFailure,
  unlessGone,
} from "../../../../provider/client/errors";

describe("errors", () => {
  it("unlessGone turns a 404 into undefined and lets every other error through", async () => {
    const target = { kind: "form", id: "ap_1", action: "read" };
    await expect(unlessGone(Promise.resolve(7))).resolves.toBe(7);
    await expect(unlessGone(Promise.reject(new NotFoundError(target, "gone", undefined)))).resolves.toBeUndefined();
    await expect(
      unlessGone(Promise.reject(new ForbiddenError(target, "no scope", "Grant read:forms", { status: 403 }))),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("name the kind, the id, the action and what to do", () => {
    const error = new ForbiddenError(
      { kind: "form", id: "ap_1", action: "read" },
      "client x lacks the scope read:forms",
      "Grant read:forms",
      { status: 403, missingScope: "read:forms" },
    );
    expect(error.message).toBe("form ap_1: read failed: client x lacks the scope read:forms. Grant read:forms");
    expect(error.missingScope).toBe("read:forms");
    expect(error.name).toBe("ForbiddenError");
    expect(new NotFoundError({ kind: "form", name: "Sign-up", action: "create" }, "gone", undefined).message).toBe(
      'form "Sign-up": create failed: gone',
    );
  });

  it("redact removes every occurrence of each secret", () => {
    expect(redact("token abcd1234 and abcd1234 again; x", ["abcd1234", undefined, "x"])).toBe(
      "token [secret] and [secret] again; x",
    );
  });

  it("expected errors carry no stack trace: their stack is their name and message", () => {
    const error = new NotFoundError({ kind: "form", id: "ap_1", action: "read" }, "gone", undefined);
    expect(error.stack).toBe("NotFoundError: form ap_1: read failed: gone");
    expect(new ConfigurationError("missing tenant:domain").stack).toBe("ConfigurationError: missing tenant:domain");
  });

  it("a shared failure is told in full once, then as a pointer naming who got it", () => {
    const failure = new SharedFailure(
      (message) => new ConfigurationError(message),
      "Full story. Do this.",
      "the short story",
    );
    expect(failure.reported).toBe(false);
    expect(failure.next('form "Sign-up"').message).toBe("Full story. Do this.");
    expect(failure.reported).toBe(true);
    const pointer = failure.next("form ap_2");
    expect(pointer).toBeInstanceOf(ConfigurationError);
    expect(pointer.message).toBe('Not attempted: the short story; the error of form "Sign-up" says what to do.');
    const anonymous = new SharedFailure((message) => new Error(message), "Full.", "short");
    anonymous.next();
    expect(anonymous.next().message).toBe("Not attempted: short; the first error of this run says what to do.");
  });

  it("excerpt keeps a long text to one short line", () => {
    expect(excerpt("a\n  b")).toBe("a b");
    expect(excerpt("x".repeat(300))).toBe(`${"x".repeat(200)}…`);
    expect(excerpt("abcdef", 3)).toBe("abc…");
  });
});
