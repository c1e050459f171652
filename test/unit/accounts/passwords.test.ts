/**
 * Password hashing (scrypt, a salt per hash, the cost in the stored string) and the
 * connection's password policies, as the service applies them.
 */
import { checkPassword, failedRules } from "../../../server/accounts/password-policy";
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from "../../../server/accounts/passwords";
import { mergedMetadata } from "../../../server/accounts/users";

/** A cheap cost: these tests check the format and the comparison, not the slowness. */
const CHEAP = { ln: 4, r: 8, p: 1 };

describe("hashPassword / verifyPassword", () => {
  test("a hash names its cost, differs per salt, and checks only its own password", async () => {
    const [one, two] = await Promise.all([hashPassword("Pa55-word", CHEAP), hashPassword("Pa55-word", CHEAP)]);
    expect(one).toMatch(/^\$scrypt\$ln=4,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain("Pa55-word");
    expect(await verifyPassword("Pa55-word", one)).toBe(true);
    expect(await verifyPassword("Pa55-word ", one)).toBe(false);
    expect(await verifyPassword("", one)).toBe(false);
  });

  test("the same text in another Unicode normal form is the same password", async () => {
    const composed = "Caf\u00e9-2024";
    expect(await verifyPassword(composed.normalize("NFD"), await hashPassword(composed, CHEAP))).toBe(true);
  });

  test("no user, a malformed hash, or a cost out of bounds never matches", async () => {
    expect(await verifyPassword("anything", undefined)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
    const tooCostly = (await hashPassword("x", CHEAP)).replace("ln=4", "ln=30");
    expect(await verifyPassword("x", tooCostly)).toBe(false);
  });

  test("the default cost is the service's slow kind (at least 2^15 rounds)", () => {
    expect(DEFAULT_SCRYPT_COST.ln).toBeGreaterThanOrEqual(15);
  });
});

describe("checkPassword", () => {
  test.each([
    ["good", "Abcdefg1", true],
    ["good", "abcdefg1!", true],
    ["good", "abcdefgh1", false],
    ["good", "Abc1!", false],
    ["none", "x", true],
    ["low", "abcdef", true],
    ["low", "abcde", false],
    ["fair", "Abcdefg1", true],
    ["fair", "abcdefg1!", false],
    ["excellent", "Abcdefgh1!", true],
    ["excellent", "Abcdefff1!", false],
    ["excellent", "Abcdef1!", false],
  ] as const)("%s: %j → %s", (passwordPolicy, password, ok) => {
    expect(checkPassword(password, { passwordPolicy }).ok).toBe(ok);
  });

  test("the default is `good`; min_length overrides the policy's length", () => {
    expect(checkPassword("abcdefgh1").ok).toBe(false);
    expect(
      checkPassword("Abcdefg1", { passwordPolicy: "good", password_complexity_options: { min_length: 12 } }).ok,
    ).toBe(false);
  });

  test("more than 72 bytes is refused whatever the policy, and the failed rules are named", () => {
    const verdict = checkPassword("é".repeat(37), { passwordPolicy: "none" });
    expect(verdict.ok).toBe(false);
    expect(failedRules(verdict)).toBe("No more than 72 bytes in length");
    expect(failedRules(checkPassword("abc"))).toContain("At least 8 characters in length");
  });
});

describe("mergedMetadata", () => {
  test("merges at the top level, a null removes a key, an empty object empties, undefined keeps", () => {
    const existing = { a: 1, b: { deep: true }, c: "x" };
    expect(mergedMetadata(existing, { a: null, b: { other: 1 }, d: 4 })).toEqual({ b: { other: 1 }, c: "x", d: 4 });
    expect(mergedMetadata(existing, {})).toEqual({});
    expect(mergedMetadata(existing, undefined)).toEqual(existing);
  });

  test("a __proto__ key is kept as data and never becomes a prototype", () => {
    const merged = mergedMetadata({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
  });
});
