/**
 * The journey file: the realistic example's journey parses; each mistake a person makes in one is
 * refused with the file and the path of what is wrong.
 */
import * as path from "node:path";
import { JourneyError, parseJourney, pathOf, readJourney } from "../../../../../provider/cli/rehearse/journey";

const FILE = "journeys/test.yaml";

/** A valid journey's YAML, with `extra` lines appended at the top level. */
function yaml(body: string): string {
  return [
    "name: test",
    "application: Shop",
    "user: { email: ann@example.com }",
    "steps:",
    "  - page: { screen: login }",
    body,
  ].join("\n");
}

/** The message parsing `text` fails with. */
function refusal(text: string): string {
  try {
    parseJourney(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(JourneyError);
    return (error as Error).message;
  }
  throw new Error("the journey was accepted");
}

test("the realistic example's journey parses: an application made for the run, fixtures, two steps, expectations", () => {
  const file = path.join(__dirname, "../../../../../examples/realistic/journeys/signup.yaml");
  const journey = readJourney(file);
  expect(journey.name).toBe("signup");
  expect(journey.application).toEqual({
    name: "Rehearsal of the sign-up",
    callbacks: ["https://app.example.com/callback"],
  });
  expect(journey.steps.map((step) => step.page)).toEqual([
    { screen: "login" },
    { form: "Sign-up", step: "step_details" },
  ]);
  expect(journey.fixtures[0]).toEqual({
    request: { method: "POST", url: "https://crm.example.com/api/companies/lookup" },
    response: { status: 200, body: { id: "crm_42", name: "Acme" } },
  });
  expect(journey.expect.app_metadata).toEqual({ crm_company: { id: "crm_42", name: "Acme" } });
});

test("a minimal journey gets no fixtures and no expectations", () => {
  const journey = parseJourney(yaml(""), FILE);
  expect(journey).toMatchObject({ application: "Shop", fixtures: [], expect: {} });
});

test.each([
  ["an unknown key at the top", yaml("colour: blue"), `${FILE}: the journey: unknown key "colour"`],
  [
    "a step's page of a form and a screen",
    yaml("  - page: { form: f, screen: login }"),
    "steps[1].page: a page is a login screen",
  ],
  ["a step without its page", yaml("  - fill: { a: b }"), 'steps[1]: missing "page"'],
  ["a STEP node without its form", yaml("  - page: { step: s1 }"), 'steps[1].page: "step" names a form\'s STEP node'],
  ["a filled value that is not text", yaml("    fill: { age: 3 }"), "steps[0].fill.age: must be string"],
  [
    "an application without callbacks",
    "name: t\napplication: { name: A }\nuser: { email: a@b.c }\nsteps: [{ page: { screen: login } }]",
    'application: missing "callbacks"',
  ],
  [
    "a fixture's URL that is not absolute",
    yaml("fixtures: [{ request: { url: /lookup } }]"),
    "fixtures[0].request.url: must",
  ],
  [
    "a fixture's status out of range",
    yaml("fixtures: [{ request: { url: 'https://a.example' }, response: { status: 99 } }]"),
    "fixtures[0].response.status: must be >= 200",
  ],
  [
    "a denial beside claims",
    yaml("expect: { denied: No, claims: { a: 1 } }"),
    "expect: a denied login has no ID token",
  ],
  ["a name that cannot name a folder", yaml("").replace("name: test", "name: ../up"), "name: letters, digits"],
  ["no steps", "name: t\napplication: A\nuser: { email: a@b.c }\nsteps: []", "steps: must NOT have fewer than 1 items"],
])("%s is refused with its path", (_what, text, message) => {
  expect(refusal(text)).toContain(message);
});

test("YAML that does not parse names its line", () => {
  expect(refusal("name: [unclosed\nuser: x")).toMatch(/^journeys\/test\.yaml: not valid YAML \(line \d+, column \d+\)/);
});

test("a file that cannot be read names itself", () => {
  expect(() => readJourney("/nonexistent/journey.yaml")).toThrow("/nonexistent/journey.yaml: cannot be read (ENOENT)");
});

test("JSON pointers read as paths", () => {
  expect(pathOf("/steps/1/fill/a~1b")).toBe("steps[1].fill.a/b");
  expect(pathOf("")).toBe("");
});
