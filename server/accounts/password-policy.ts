/**
 * The database connection's password policies, as the service applies them (its
 * `passwordPolicy` option, `good` by default, and `password_complexity_options.min_length`):
 * which passwords pass, and the rules a person is told when one does not.
 */
import { PASSWORD_MAX_BYTES, type PasswordPolicyName } from "../../api";

/** The policy a connection applies when its options name none. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicyName = "good";

/** The kinds of character the policies count. */
const CHARACTER_KINDS = [
  { test: /[a-z]/, words: "lower case letters (a-z)" },
  { test: /[A-Z]/, words: "upper case letters (A-Z)" },
  { test: /[0-9]/, words: "numbers (i.e. 0-9)" },
  { test: /[ !"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/, words: "special characters (e.g. !@#$%^&*)" },
] as const;

/** What each policy asks: a minimum length, kinds of character, at most so many identical characters in a row. */
interface PolicyRules {
  minLength: number;
  /** How many of {@link CHARACTER_KINDS} must appear, of which ones (all four when undefined). */
  kinds?: { atLeast: number; of: readonly number[] };
  maxIdenticalInARow?: number;
}

const POLICIES: Record<PasswordPolicyName, PolicyRules> = {
  none: { minLength: 1 },
  low: { minLength: 6 },
  fair: { minLength: 8, kinds: { atLeast: 3, of: [0, 1, 2] } },
  good: { minLength: 8, kinds: { atLeast: 3, of: [0, 1, 2, 3] } },
  excellent: { minLength: 10, kinds: { atLeast: 3, of: [0, 1, 2, 3] }, maxIdenticalInARow: 2 },
};

/** A connection's password settings, as its options hold them. */
export interface PasswordSettings {
  passwordPolicy?: PasswordPolicyName | null;
  password_complexity_options?: { min_length?: number } | null;
}

/** The outcome of checking a password: the rules in the service's words, and whether each passed. */
export interface PasswordVerdict {
  ok: boolean;
  rules: { message: string; verified: boolean }[];
}

/** The longest run of one character repeated in `text`. */
function longestRun(text: string): number {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const character of text) {
    run = character === previous ? run + 1 : 1;
    previous = character;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Checks `password` against a connection's policy. */
export function checkPassword(password: string, settings: PasswordSettings = {}): PasswordVerdict {
  const policy = POLICIES[settings.passwordPolicy ?? DEFAULT_PASSWORD_POLICY] ?? POLICIES[DEFAULT_PASSWORD_POLICY];
  const minLength = settings.password_complexity_options?.min_length ?? policy.minLength;
  const length = [...password].length;
  const rules: PasswordVerdict["rules"] = [
    { message: `At least ${minLength} characters in length`, verified: length >= minLength },
    {
      message: `No more than ${PASSWORD_MAX_BYTES} bytes in length`,
      verified: Buffer.byteLength(password, "utf8") <= PASSWORD_MAX_BYTES,
    },
  ];
  if (policy.kinds) {
    const { atLeast, of } = policy.kinds;
    const present = of.filter((index) => CHARACTER_KINDS[index].test.test(password)).length;
    const words = of.map((index) => CHARACTER_KINDS[index].words).join(", ");
    rules.push({
      message: `Contain at least ${atLeast} of the following ${of.length} types of characters: ${words}`,
      verified: present >= atLeast,
    });
  }
  if (policy.maxIdenticalInARow) {
    const most = policy.maxIdenticalInARow;
    rules.push({
      message: `No more than ${most} identical characters in a row (e.g., "${"a".repeat(most + 1)}" not allowed)`,
      verified: longestRun(password) <= most,
    });
  }
  return { ok: rules.every((rule) => rule.verified), rules };
}

/** The rules a password failed, as one sentence for a person. */
export function failedRules(verdict: PasswordVerdict): string {
  return verdict.rules
    .filter((rule) => !rule.verified)
    .map((rule) => rule.message)
    .join("; ");
}
