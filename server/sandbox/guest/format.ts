/**
 * Values as text, the way Node's `util.format` and `console.log` write them (closely enough for
 * an action's logs): `%s`, `%d`, `%i`, `%f`, `%j`, `%o`, `%O`, `%%`, and the rest of the
 * arguments joined by spaces. Pure: the console (web.ts), `util` and `assert` share it.
 */

// Taken before the action's code runs, which may replace JSON's own.
const stringify = JSON.stringify;

/** One value: a string as it is at the top level and quoted inside, objects as JSON. */
export const inspect = (value: unknown, depth: number): string => {
  if (typeof value === "string") return depth === 0 ? value : stringify(value);
  if (typeof value === "function") return `[Function: ${(value as { name?: string }).name || "anonymous"}]`;
  if (value instanceof Error) return value.stack ? `${value.name}: ${value.message}\n${value.stack}` : String(value);
  if (typeof value !== "object" || value === null) return String(value);
  try {
    return stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? `${inner}n` : inner)) ?? "";
  } catch {
    return "[object]";
  }
};

/** The arguments of a `console.log` call as one line. */
export const format = (...args: unknown[]): string => {
  let first = args.length > 0 && typeof args[0] === "string" ? (args.shift() as string) : "";
  if (first) {
    first = first.replace(/%[sdifjoO%]/g, (token) => {
      if (token === "%%") return "%";
      if (args.length === 0) return token;
      const next = args.shift();
      if (token === "%d" || token === "%i") return String(token === "%i" ? parseInt(String(next)) : Number(next));
      if (token === "%f") return String(parseFloat(String(next)));
      if (token === "%s") return typeof next === "string" ? next : inspect(next, 1);
      return inspect(next, 1);
    });
  }
  return [first, ...args.map((arg) => inspect(arg, 0))].filter((part, index) => index > 0 || part !== "").join(" ");
};
