/**
 * ROUTER rule conditions: `{ operator, operands }` trees as the form editor writes them, e.g.
 * `{ operator: "AND", operands: [{ operator: "EQ", operands: ["{{fields.tier}}", "vip"] }] }`.
 * An operand is a condition (for AND, OR, NOT), a literal, or a string with `{{fields.x}}` or
 * `{{vars.x}}` references (a string that is one reference stands for the value itself).
 */
import { isObject } from "../../api/json";

/** What references in operands read: the step fields entered so far and the flow's variables. */
export interface ConditionScope {
  fields: Readonly<Record<string, unknown>>;
  vars: Readonly<Record<string, unknown>>;
}

const REFERENCE = /\{\{\s*(fields|vars)\.([A-Za-z0-9_.-]+)\s*\}\}/g;
const WHOLE_REFERENCE = /^\{\{\s*(fields|vars)\.([A-Za-z0-9_.-]+)\s*\}\}$/;

/** The value at a dotted path of own keys. */
function at(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split(".")) value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
}

/** An operand's value: references resolved. */
export function operandValue(operand: unknown, scope: ConditionScope): unknown {
  if (typeof operand !== "string") return operand;
  const whole = WHOLE_REFERENCE.exec(operand);
  if (whole) return at(scope[whole[1] as "fields" | "vars"], whole[2]);
  return operand.replace(REFERENCE, (_all, root: "fields" | "vars", path: string) => {
    const value = at(scope[root], path);
    return value === undefined || value === null
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  });
}

/** Whether a value counts as given (not undefined, null, "" or []). */
function present(value: unknown): boolean {
  return !(value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0));
}

/** Two values equal as the editor compares them: as text for scalars ("42" equals 42), structurally otherwise. */
function same(left: unknown, right: unknown): boolean {
  const scalar = (value: unknown) => value === null || value === undefined || typeof value !== "object";
  if (scalar(left) && scalar(right)) return String(left ?? "") === String(right ?? "");
  return JSON.stringify(left) === JSON.stringify(right);
}

/** A number from a value (numbers and numeric texts), else undefined. */
function numeric(value: unknown): number | undefined {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** `left` compared with `right` as numbers (false when either is not a number). */
const compare = (test: (left: number, right: number) => boolean) => (values: unknown[]) => {
  const [left, right] = values.map(numeric);
  return left !== undefined && right !== undefined && test(left, right);
};

/** Whether `container` (a text or a list) contains `item`. */
function contains(container: unknown, item: unknown): boolean {
  if (Array.isArray(container)) return container.some((element) => same(element, item));
  return typeof container === "string" || typeof container === "number"
    ? String(container).includes(String(item ?? ""))
    : false;
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** The comparison operators, on their resolved operands. */
const COMPARISONS: Readonly<Record<string, (values: unknown[]) => boolean>> = {
  EQ: ([left, right]) => same(left, right),
  NEQ: ([left, right]) => !same(left, right),
  EXISTS: ([value]) => present(value),
  NOT_EXISTS: ([value]) => !present(value),
  CONTAINS: ([container, item]) => contains(container, item),
  NOT_CONTAINS: ([container, item]) => !contains(container, item),
  STARTS_WITH: ([value, prefix]) => text(value).startsWith(text(prefix)),
  ENDS_WITH: ([value, suffix]) => text(value).endsWith(text(suffix)),
  GT: compare((left, right) => left > right),
  GTE: compare((left, right) => left >= right),
  LT: compare((left, right) => left < right),
  LTE: compare((left, right) => left <= right),
  IN: ([value, list]) => Array.isArray(list) && list.some((element) => same(element, value)),
  NOT_IN: ([value, list]) => !(Array.isArray(list) && list.some((element) => same(element, value))),
};

/** The operators a condition may use. */
export const CONDITION_OPERATORS = ["AND", "OR", "NOT", ...Object.keys(COMPARISONS)] as const;

/** The operands of a condition (`operands`, or a lone `operand`). */
function operandsOf(condition: Record<string, unknown>): unknown[] {
  if (Array.isArray(condition.operands)) return condition.operands;
  return Object.hasOwn(condition, "operand") ? [condition.operand] : [];
}

/**
 * Whether `condition` holds. AND of no operands holds, OR of none does not; an array is the AND
 * of its items. Errors name an unknown operator or a condition that is not an object.
 */
export function evaluateCondition(condition: unknown, scope: ConditionScope, where = "condition"): boolean {
  if (Array.isArray(condition))
    return condition.every((item, index) => evaluateCondition(item, scope, `${where}[${index}]`));
  if (!isObject(condition))
    throw new Error(`The router ${where} is not a condition object: ${JSON.stringify(condition)}.`);
  const operator = typeof condition.operator === "string" ? condition.operator.toUpperCase() : condition.operator;
  const operands = operandsOf(condition);
  const nested = (operand: unknown, index: number) => evaluateCondition(operand, scope, `${where}.operands[${index}]`);
  if (operator === "AND") return operands.every(nested);
  if (operator === "OR") return operands.some(nested);
  if (operator === "NOT") return !operands.every(nested);
  const comparison =
    typeof operator === "string" && Object.hasOwn(COMPARISONS, operator) ? COMPARISONS[operator] : undefined;
  if (!comparison) {
    throw new Error(
      `Unknown router condition operator ${JSON.stringify(condition.operator)} at ${where}: use one of ${CONDITION_OPERATORS.join(", ")}.`,
    );
  }
  return comparison(operands.map((operand) => operandValue(operand, scope)));
}
