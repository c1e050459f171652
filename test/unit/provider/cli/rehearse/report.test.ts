/**
 * What a rehearsal writes: the trace with every secret masked (escaped in JSON or not), the
 * result's paths relative to the output folder, the line printed per journey, the `--json` file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  resultLine,
  resultOf,
  scrubSecrets,
  SECRET_MASK,
  sortEvents,
  traceTrouble,
  writeResults,
  writeTrace,
  type JourneyTrace,
  type TraceEvent,
} from "../../../../../provider/cli/rehearse/report";

const PASSWORD = 'Rh-"quoted"\\-9x';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rehearse-report-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const EVENTS: TraceEvent[] = [
  { seq: 4, type: "action", name: "ask-for-company", logs: [`password was ${PASSWORD}`], requests: [] },
  { seq: 5, type: "form", form_id: "ap_1", node_id: "step_details", step: "shown", fields: [] },
  {
    seq: 6,
    type: "flow",
    flow_id: "af_1",
    outcome: "ok",
    calls: [{ method: "POST", url: "https://crm", status: 200 }],
  },
  { seq: 7, type: "login", client_id: "c1", outcome: "success" },
];

function trace(overrides: Partial<JourneyTrace> = {}): JourneyTrace {
  return {
    journey: "signup",
    file: "journeys/signup.yaml",
    tenant: "http://127.0.0.1:4010",
    passed: true,
    seconds: 2.4,
    pages: [
      {
        index: 1,
        step: 1,
        page: { kind: "screen", screen: "login" },
        url: "http://127.0.0.1:4010/u/login",
        screenshot: "01-login.png",
      },
      { index: 2, page: { kind: "callback" }, url: "https://app.example.com/callback" },
    ],
    ...sortEvents(EVENTS),
    claims: { email: "ann@example.com" },
    ...overrides,
  };
}

test("the trace's events are sorted into actions, form steps, flows and logins", () => {
  const sorted = sortEvents(EVENTS);
  expect([sorted.actions, sorted.forms, sorted.flows, sorted.logins].map((events) => events.map((e) => e.seq))).toEqual(
    [[4], [5], [6], [7]],
  );
});

test("the written trace holds no secret: a value in an action's log is masked, as JSON escapes it too", () => {
  const file = writeTrace(path.join(dir, "signup"), trace(), [PASSWORD, "client-secret-value", undefined, "ab"]);
  const text = fs.readFileSync(file, "utf8");
  expect(text).not.toContain("quoted");
  expect(JSON.parse(text).actions[0].logs).toEqual([`password was ${SECRET_MASK}`]);
  expect(JSON.parse(text).claims).toEqual({ email: "ann@example.com" });
  // Values too short to be secrets are not masked everywhere they happen to appear.
  expect(scrubSecrets("about", ["ab"])).toBe("about");
});

test("a result's screenshots and trace are relative to the output folder; the line says passed or where it failed", () => {
  const passed = resultOf(trace());
  expect(passed).toEqual({
    journey: "signup",
    file: "journeys/signup.yaml",
    passed: true,
    seconds: 2.4,
    screenshots: ["signup/01-login.png"],
    trace: "signup/trace.json",
  });
  expect(resultLine(passed)).toBe("PASS signup (1 page, 2.4 s)");
  const failed = resultOf(
    trace({
      passed: false,
      failure: { at: "step 2", reason: "expected the form `Sign-up`, saw the login screen `login`" },
    }),
  );
  expect(resultLine(failed)).toBe(
    "FAIL signup: step 2: expected the form `Sign-up`, saw the login screen `login` (1 page, 2.4 s)",
  );
});

test("the --json file holds the output folder and each journey's result", () => {
  const file = path.join(dir, "out", "journeys.json");
  writeResults(file, "rehearsals", [resultOf(trace())]);
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({
    version: 1,
    out: "rehearsals",
    journeys: [{ journey: "signup", passed: true, screenshots: ["signup/01-login.png"] }],
  });
});

test("the trace's first trouble explains a failure: a flow that failed at its action, an action's error, a login's", () => {
  expect(traceTrouble(EVENTS)).toBeUndefined();
  const flow: TraceEvent = {
    seq: 9,
    type: "flow",
    name: "Enrich the profile",
    outcome: "error",
    failed_action: "lookup_company",
    error: "No fixture answers POST https://crm.example.com/lookup",
  };
  expect(traceTrouble([...EVENTS, flow])).toBe(
    "the flow `Enrich the profile` failed at its action `lookup_company`: No fixture answers POST https://crm.example.com/lookup",
  );
  expect(traceTrouble([{ seq: 1, type: "action", name: "ask", outcome: "error", error: "boom" }, flow])).toBe(
    "the action `ask` failed: boom",
  );
  expect(traceTrouble([{ seq: 1, type: "login", outcome: "error", description: "no session" }])).toBe(
    "the login ended in error: no session",
  );
});
