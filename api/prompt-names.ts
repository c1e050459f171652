/**
 * What the login's look kinds share about the names a program writes (prompts, screens,
 * languages, partial insertion points): the generated table (prompt-names.generated.ts, from the
 * SDK's published types) and the words refusing a name it lacks, the closest names first.
 */

export * from "./prompt-names.generated";

type ByScreen = Record<string, Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How many of the closest names a refusal puts first. */
const CLOSEST_SHOWN = 3;

/** The edit distance between `a` and `b` (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** `valid` with the few closest to `value` first (then the rest in their order). */
export function closestFirst(value: string, valid: readonly string[]): string[] {
  const closest = [...valid]
    .map((name) => ({ name, distance: editDistance(value, name) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, CLOSEST_SHOWN)
    .map(({ name }) => name);
  return [...closest, ...valid.filter((name) => !closest.includes(name))];
}

/**
 * The check failure of `value`, a `what` (`prompt`, `screen of login-id`) the service does not
 * have: the valid ones named, the closest first. Undefined when `value` is one of them.
 */
export function unknownNameIssue(
  property: string,
  what: string,
  value: string,
  valid: readonly string[],
): { property: string; reason: string } | undefined {
  if (valid.includes(value)) return undefined;
  const [first, second, third, ...rest] = closestFirst(value, valid);
  const closest = [first, second, third].filter((name) => name !== undefined).join(", ");
  return {
    property,
    reason:
      `the service has no ${what} "${value}": did you mean ${closest}? ` +
      (rest.length > 0 ? `The others: ${rest.join(", ")}.` : "There are no others."),
  };
}

/**
 * The changes from `before` to `after` (screens of texts or of partials), one line per screen and
 * key, in words a reviewer reads:
 * `login › title: "Welcome" → "Hello"`, `login › description: added "…"`, `removed`.
 */
export function changesByScreen(before: unknown, after: unknown): string[] {
  const old = (isRecord(before) ? before : {}) as ByScreen;
  const now = (isRecord(after) ? after : {}) as ByScreen;
  const lines: string[] = [];
  for (const screen of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) {
    const was = isRecord(old[screen]) ? old[screen] : {};
    const is = isRecord(now[screen]) ? now[screen] : {};
    for (const key of [...new Set([...Object.keys(was), ...Object.keys(is)])].sort()) {
      const from = was[key];
      const to = is[key];
      if (from === to) continue;
      const where = `${screen} › ${key}`;
      if (from === undefined) lines.push(`${where}: added ${JSON.stringify(to)}`);
      else if (to === undefined) lines.push(`${where}: removed (was ${JSON.stringify(from)})`);
      else lines.push(`${where}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`);
    }
  }
  return lines;
}

/**
 * What is wrong with a PUT body of screens, each an object of strings (a custom text's texts by
 * key, a prompt's partials' HTML by insertion point), in the service's words; undefined when it
 * is taken.
 */
export function screensBodyIssue(body: unknown): string | undefined {
  const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject(body)) return "Expected type object";
  for (const [screen, entries] of Object.entries(body as object)) {
    if (!isObject(entries)) return `Expected type object' on property ${screen}`;
    for (const [key, value] of Object.entries(entries as object)) {
      if (typeof value !== "string")
        return `Expected type string but found type ${typeof value}' on property ${screen}.${key}`;
    }
  }
  return undefined;
}
