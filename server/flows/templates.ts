/**
 * The templates of a flow's params as the service resolves them: `{{fields.<id>}}` (the form's
 * fields and hidden fields), `{{vars.<name>}}` (the shared variables) and
 * `{{actions.<id>.<path>}}` (an earlier action's output). A string that is one reference stands
 * for the value itself (an object stays an object); references inside a longer text are written
 * as text (objects as JSON, nothing for a missing value). Other expressions are left as written.
 */
import { isObject } from "../../api/json";

/** What the references read. */
export interface TemplateScope {
  fields: Readonly<Record<string, unknown>>;
  vars: Readonly<Record<string, unknown>>;
  actions: Readonly<Record<string, unknown>>;
}

/** The roots a reference may start with. */
export const TEMPLATE_ROOTS = ["fields", "vars", "actions"] as const;

const PATH = "[A-Za-z0-9_$-]+(?:\\.[A-Za-z0-9_$-]+)*";
const REFERENCE = new RegExp(`\\{\\{\\s*(fields|vars|actions)\\.(${PATH})\\s*\\}\\}`, "g");
const WHOLE_REFERENCE = new RegExp(`^\\{\\{\\s*(fields|vars|actions)\\.(${PATH})\\s*\\}\\}$`);

/** Params nest at most this deep (a flow's body is at most 64 levels deep anyway). */
const MAX_DEPTH = 64;

/** The value at a dotted path of own keys (array indexes included); undefined when any step is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const key of path.split(".")) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    if (value === undefined) return undefined;
  }
  return value;
}

const asText = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** One string's references resolved. */
export function resolveText(text: string, scope: TemplateScope): unknown {
  const whole = WHOLE_REFERENCE.exec(text);
  if (whole) return valueAt(scope[whole[1] as keyof TemplateScope], whole[2]);
  return text.replace(REFERENCE, (_all, root: keyof TemplateScope, path: string) => asText(valueAt(scope[root], path)));
}

/** `value` with every string's references resolved, at any depth (keys are kept as written). */
export function resolveTemplates(value: unknown, scope: TemplateScope, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new Error(`The params nest deeper than ${MAX_DEPTH} levels.`);
  if (typeof value === "string") return resolveText(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveTemplates(item, scope, depth + 1));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolveTemplates(item, scope, depth + 1)]),
    );
  return value;
}
