/** Where a form goes next: steps, jump and back buttons, routers (every operator), flows, the ending. */
import {
  CONDITION_OPERATORS,
  evaluateCondition,
  FORM_START,
  nextNode,
  type RenderableForm,
} from "../../../../render/form";
import { FORM } from "./fixture";

const scope = (fields: Record<string, unknown>, vars: Record<string, unknown> = {}) => ({ fields, vars });
const holds = (
  operator: string,
  operands: unknown[],
  fields: Record<string, unknown> = {},
  vars: Record<string, unknown> = {},
) => evaluateCondition({ operator, operands }, scope(fields, vars));

test("start leads to the first step; a step's next node is followed through its router", () => {
  expect(nextNode(FORM, FORM_START)).toEqual({ step: "details" });
  expect(nextNode(FORM, "details", { colour: "red" })).toEqual({ step: "vip" });
  expect(nextNode(FORM, "details", { colour: "blue" })).toEqual({ flow: "af_enrich", node: "enrich", next: "vip" });
  expect(nextNode(FORM, "enrich", {})).toEqual({ step: "vip" });
  expect(nextNode(FORM, "vip")).toEqual({ ending: { resume_flow: true } });
  const redirecting: RenderableForm = {
    ...FORM,
    ending: { redirection: { target: "https://example.com/done", delay: 2 } },
  };
  expect(nextNode(redirecting, "vip")).toEqual({
    ending: { redirection: { target: "https://example.com/done", delay: 2 } },
  });
});

test("a jump button goes to its target, a previous button goes back, and an unknown jump is refused", () => {
  expect(nextNode(FORM, "details", { $action: "jump:$ending" })).toEqual({ ending: { resume_flow: true } });
  expect(nextNode(FORM, "details", { $action: "previous" })).toEqual({ previous: true });
  expect(nextNode(FORM, "details", { $action: "next", colour: "red" })).toEqual({ step: "vip" });
  expect(() => nextNode(FORM, "details", { $action: "jump:vip" })).toThrow(
    'The step "details" has no jump button to "vip".',
  );
});

test("routers take the first rule that holds, else the fallback; vars are read too", () => {
  const form: RenderableForm = {
    nodes: [
      {
        id: "r",
        type: "ROUTER",
        config: {
          rules: [
            { id: "one", condition: { operator: "EQ", operands: ["{{vars.plan}}", "gold"] }, next_node: "a" },
            { id: "two", condition: { operator: "EXISTS", operands: ["{{fields.company}}"] }, next_node: "b" },
          ],
          fallback: "$ending",
        },
      },
      { id: "a", type: "STEP" },
      { id: "b", type: "STEP" },
    ],
  };
  expect(nextNode(form, "r", { company: "Acme" }, { plan: "gold" })).toEqual({ step: "a" });
  expect(nextNode(form, "r", { company: "Acme" }, { plan: "free" })).toEqual({ step: "b" });
  expect(nextNode(form, "r", {}, {})).toEqual({ ending: { resume_flow: true } });
});

test("a loop of routers is an error rather than a hang", () => {
  const form: RenderableForm = {
    nodes: [
      { id: "r1", type: "ROUTER", config: { rules: [], fallback: "r2" } },
      { id: "r2", type: "ROUTER", config: { rules: [], fallback: "r1" } },
    ],
  };
  expect(() => nextNode(form, "r1")).toThrow('The form\'s routers loop back to "r1" without showing a step.');
});

test("comparison operators", () => {
  expect(holds("EQ", ["{{fields.n}}", 42], { n: "42" })).toBe(true);
  expect(holds("EQ", ["{{fields.n}}", "x"], { n: "y" })).toBe(false);
  expect(holds("NEQ", ["{{fields.n}}", "x"], { n: "y" })).toBe(true);
  expect(holds("EXISTS", ["{{fields.a}}"], { a: "v" })).toBe(true);
  expect(holds("EXISTS", ["{{fields.a}}"], { a: "" })).toBe(false);
  expect(holds("NOT_EXISTS", ["{{fields.a}}"], {})).toBe(true);
  expect(holds("CONTAINS", ["{{fields.e}}", "@acme.com"], { e: "j@acme.com" })).toBe(true);
  expect(holds("CONTAINS", ["{{fields.tags}}", "b"], { tags: ["a", "b"] })).toBe(true);
  expect(holds("NOT_CONTAINS", ["{{fields.tags}}", "c"], { tags: ["a", "b"] })).toBe(true);
  expect(holds("STARTS_WITH", ["{{fields.p}}", "+33"], { p: "+33 1 23" })).toBe(true);
  expect(holds("ENDS_WITH", ["{{fields.e}}", ".fr"], { e: "a@b.com" })).toBe(false);
  expect(holds("GT", ["{{fields.age}}", 17], { age: 18 })).toBe(true);
  expect(holds("GTE", ["{{fields.age}}", "18"], { age: "18" })).toBe(true);
  expect(holds("LT", ["{{fields.age}}", 18], { age: "abc" })).toBe(false);
  expect(holds("LTE", ["{{fields.age}}", 18], { age: 18 })).toBe(true);
  expect(holds("IN", ["{{fields.c}}", ["fr", "de"]], { c: "de" })).toBe(true);
  expect(holds("NOT_IN", ["{{fields.c}}", ["fr", "de"]], { c: "it" })).toBe(true);
});

test("logical operators, a lone operand, arrays as AND, lower case, embedded references", () => {
  const eq = (value: string) => ({ operator: "EQ", operands: ["{{fields.x}}", value] });
  expect(holds("AND", [], {})).toBe(true);
  expect(holds("OR", [], {})).toBe(false);
  expect(holds("AND", [eq("1"), eq("2")], { x: "1" })).toBe(false);
  expect(holds("OR", [eq("1"), eq("2")], { x: "2" })).toBe(true);
  expect(holds("NOT", [eq("1")], { x: "2" })).toBe(true);
  expect(evaluateCondition({ operator: "EXISTS", operand: "{{fields.x}}" }, scope({ x: "1" }))).toBe(true);
  expect(
    evaluateCondition(
      [eq("1"), { operator: "exists", operands: ["{{vars.v.deep}}"] }],
      scope({ x: "1" }, { v: { deep: 1 } }),
    ),
  ).toBe(true);
  expect(holds("EQ", ["{{fields.first}} {{fields.last}}", "Ada Lovelace"], { first: "Ada", last: "Lovelace" })).toBe(
    true,
  );
  expect(holds("EXISTS", ["{{fields.__proto__}}"], {})).toBe(false);
});

test("every operator listed is evaluated; an unknown operator or a malformed condition is an error naming it", () => {
  for (const operator of CONDITION_OPERATORS) expect(typeof holds(operator, [])).toBe("boolean");
  expect(() => holds("MATCHES", ["a", "b"])).toThrow(
    'Unknown router condition operator "MATCHES" at condition: use one of AND, OR, NOT, EQ',
  );
  expect(() => evaluateCondition("x", scope({}))).toThrow('The router condition is not a condition object: "x".');
  const form: RenderableForm = {
    nodes: [
      {
        id: "r",
        type: "ROUTER",
        config: {
          rules: [
            { id: "bad", condition: { operator: "AND", operands: [{ operator: "LIKE" }] }, next_node: "$ending" },
          ],
        },
      },
    ],
  };
  expect(() => nextNode(form, "r")).toThrow(
    'Unknown router condition operator "LIKE" at rule "bad" (0) of router "r".operands[0]',
  );
});
