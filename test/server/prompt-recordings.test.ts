/**
 * The prompts' routes replayed against answers recorded on a real tenant (the Terraform
 * provider's acceptance recordings, test/fixtures/recordings/), with the replay harness
 * (test/server/recordings.ts): every interaction of each recording, in order, on a fresh tenant
 * started as the recorded one was (no custom domain: the recordings create theirs). Then, beyond
 * the harness's shape comparison, every `/prompts` answer compared value for value.
 */
import { startHarness, type Harness } from "./helpers";
import { loadRecording, replayRecording, type ReplayOptions } from "./recordings";

/** The branding the recorded tenant had (read by the partials' recordings, set by hand there). */
const RECORDED_BRANDING = {
  colors: { page_background: "#FF4F40", primary: "#2A2E35" },
  favicon_url: "https://mycompany.org/favicon.ico",
  logo_url: "https://mycompany.org/v1/logo.png",
};
const BRANDING_SETUP = { method: "PATCH", path: "/api/v2/branding", body: RECORDED_BRANDING };

/** Each recording, and the state its tenant was in when it began. */
const RECORDINGS: Readonly<Record<string, ReplayOptions>> = {
  TestAccPrompt: {},
  TestAccPromptCustomText: {},
  TestAccPromptPartials: { setup: [BRANDING_SETUP] },
  TestAccPromptScreenPartial: { setup: [BRANDING_SETUP] },
  TestAccPromptScreenPartials: { setup: [BRANDING_SETUP] },
  TestAccDataPromptScreenPartials: { setup: [BRANDING_SETUP] },
};

/**
 * The allow-list, by request and reason (no `/prompts` difference is allowed): the custom domains'
 * answers here carry `is_default` and `created_at`, which newer answers of the service add (the
 * recordings predate them: see the custom domains' own suite); and one template write, below.
 */
const ALLOWED = [
  /^(POST|GET) \/api\/v2\/custom-domains\S*: body(\[0\])?\.(is_default|created_at): not in the recording$/,
  // The recorded tenant of TestAccDataPromptScreenPartials kept a template from an earlier run (the
  // service keeps it when the domain goes), so its PUT replaced one (204); here it creates one (201).
  // A fresh tenant cannot be given one first: a template needs a custom domain, which the recording creates.
  /^PUT \/api\/v2\/branding\/templates\/universal-login: (status: recorded 204, here 201|body: recorded undefined, here object)$/,
];

const isPrompts = (path: string) => /^\/api\/v2\/prompts(\/|$|\?)/.test(path);

/** Parses a recorded or received body: JSON, or undefined for none. */
const jsonOf = (body: string) => (body.trim() === "" || body.trim() === "null" ? undefined : JSON.parse(body));

describe.each(Object.keys(RECORDINGS))("the recording %s", (name) => {
  let h: Harness;
  afterEach(() => h.close());

  test("replays with no difference beyond the allow-list", async () => {
    h = await startHarness({ customDomain: false });
    const { replayed, differences } = await replayRecording(name, h, RECORDINGS[name]);
    expect(replayed).toBe(loadRecording(name).length);
    const unexplained = differences.flatMap(({ request, reasons }) =>
      reasons.map((reason) => `${request}: ${reason}`).filter((line) => !ALLOWED.some((allowed) => allowed.test(line))),
    );
    expect(unexplained).toEqual([]);
    expect(differences.every(({ request }) => !isPrompts(request.split(" ")[1]!))).toBe(true);
  });

  test("answers every /prompts request with the recorded status and value", async () => {
    // The custom domains' requests are not sent here: the tenant's own domain stands for the recorded one.
    h = await startHarness();
    for (const step of RECORDINGS[name]!.setup ?? []) await h.call(step.method, step.path, { body: step.body });
    const interactions = loadRecording(name);
    const prompts = interactions.filter(({ path }) => isPrompts(path) || path.endsWith("/universal-login"));
    expect(prompts.some(({ path }) => isPrompts(path))).toBe(true);
    for (const { method, path, body, status, response } of prompts) {
      const sent = jsonOf(body);
      const reply = await h.call(method, path, sent === undefined ? {} : { body: sent });
      // The template's requests only bring the tenant to the recorded state; its answers are its own suite's.
      if (!isPrompts(path)) continue;
      expect({ request: `${method} ${path}`, status: reply.status, body: jsonOf(reply.text) }).toEqual({
        request: `${method} ${path}`,
        status,
        body: jsonOf(response),
      });
    }
  });
});
