/**
 * The workflow runner's reading of `if:` conditions (test/e2e/workflow-runner.ts): the status
 * functions and `hashFiles` on the checkout, as GitHub evaluates the forms examples/ci uses.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { globFiles, hashFilesFinds, shouldRun } from "../../e2e/workflow-runner";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "workflow-runner-"));
  const files = ["journeys/login.yaml", "journeys/notes.md", "rehearsals/login/01-login.png", "rehearsals.exit"];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "x");
  }
  fs.mkdirSync(path.join(dir, "empty.yaml")); // a folder named like a file: hashFiles skips folders
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("globFiles", () => {
  test.each([
    ["journeys/*.yaml", ["journeys/login.yaml"]],
    ["rehearsals/*/*.png", ["rehearsals/login/01-login.png"]],
    ["rehearsals.exit", ["rehearsals.exit"]],
    ["./journeys/login.yam?", ["journeys/login.yaml"]],
    ["**/*.png", ["rehearsals/login/01-login.png"]],
    ["rehearsals/**", ["rehearsals/login/01-login.png"]],
    ["*.yaml", []],
    ["missing/*.yaml", []],
    ["journeys.yaml", []],
  ])("%s matches %j", (pattern, expected) => {
    expect(globFiles(pattern, dir)).toEqual(expected);
  });

  test("a dot in a pattern is a dot, not any character", () => {
    expect(globFiles("rehearsals?exit", dir)).toEqual(["rehearsals.exit"]);
    expect(globFiles("rehearsalsXexit", dir)).toEqual([]);
  });
});

describe("hashFilesFinds", () => {
  test("several patterns, and `!` taking matches out", () => {
    expect(hashFilesFinds("'missing/*', 'journeys/*.yaml'", dir)).toBe(true);
    expect(hashFilesFinds("'journeys/*', '!journeys/*.md', '!journeys/*.yaml'", dir)).toBe(false);
    expect(hashFilesFinds("'journeys/*', '!journeys/*.md'", dir)).toBe(true);
  });

  test("no pattern is an error that says what to give", () => {
    expect(() => hashFilesFinds("", dir)).toThrow("give one or more quoted patterns");
  });
});

describe("shouldRun", () => {
  test("hashFiles(…) != '' holds when a file matches, == '' when none does", () => {
    expect(shouldRun("hashFiles('journeys/*.yaml') != ''", false, {}, dir)).toBe(true);
    expect(shouldRun("hashFiles('journeys/*.json') != ''", false, {}, dir)).toBe(false);
    expect(shouldRun("hashFiles('journeys/*.json') == ''", false, {}, dir)).toBe(true);
    expect(shouldRun("${{ hashFiles('rehearsals.exit') != '' }}", false, {}, dir)).toBe(true);
  });

  test("after a failure only a status function lets a step run", () => {
    expect(shouldRun("hashFiles('journeys/*.yaml') != ''", true, {}, dir)).toBe(false);
    expect(shouldRun("always() && hashFiles('rehearsals/*/*.png') != ''", true, {}, dir)).toBe(true);
    expect(shouldRun("always() && hashFiles('login-screens/*.png') != ''", true, {}, dir)).toBe(false);
    expect(shouldRun("failure()", true, {}, dir)).toBe(true);
    expect(shouldRun("failure()", false, {}, dir)).toBe(false);
    expect(shouldRun(undefined, true, {}, dir)).toBe(false);
    expect(shouldRun(undefined, false, {}, dir)).toBe(true);
  });

  test("a value of the map reads as true only when it is 'true'; an unknown term throws", () => {
    expect(shouldRun("inputs.release-lock", false, { "inputs.release-lock": "true" }, dir)).toBe(true);
    expect(shouldRun("inputs.release-lock", false, { "inputs.release-lock": "false" }, dir)).toBe(false);
    expect(() => shouldRun("github.event_name == 'push'", false, {}, dir)).toThrow(
      "no local meaning for the condition term \"github.event_name == 'push'\"",
    );
  });
});
