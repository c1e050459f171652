/**
 * The look's routes (branding settings, the branding theme, and the custom domains and login
 * page template they are recorded with) replayed against answers recorded on a real tenant: the
 * Terraform provider's acceptance recordings (test/fixtures/recordings/). Every interaction
 * matches, or its difference is in the allow-list below with the reason.
 */
import { replayRecording, type ReplayOptions } from "./recordings";
import { startHarness } from "./helpers";

/** A difference the replay may show, where (`request`, `METHOD /path`) and what (`reason`), and why it is right. */
interface Allowed {
  /** The recording it shows in (every one when left out). */
  readonly recording?: string;
  readonly request: RegExp;
  readonly reason: RegExp;
  readonly why: string;
}

/** Differences that are the server's choice, each with why. */
const ALLOWED: readonly Allowed[] = [
  {
    request: /^(POST|GET) \/api\/v2\/custom-domains/,
    reason: /^body(\[\d+\])?\.(is_default|created_at): not in the recording$/,
    why:
      "these were recorded before the service added `is_default` and `created_at` to a custom domain; the " +
      "Terraform provider's 2026 recordings of custom domains (TestAccCustomDomain) answer both, as the server does",
  },
  {
    recording: "TestAccDataSourceBranding",
    request: /^(POST|GET) \/api\/v2\/custom-domains/,
    reason: /^body(\[\d+\])?\.verification\.methods\[0\]\.domain: not in the recording$/,
    why:
      "this older recording's CNAME method has no `domain` (and is named `cname`); the newer ones (TestAccBranding, " +
      "TestAccCustomDomain) name the domain the CNAME is on, as the server does",
  },
];

const RECORDINGS = [
  "TestAccBranding",
  "TestAccBrandingTheme",
  "TestAccBrandingThemeIdentifiers",
  "TestAccDataSourceBranding",
  "TestAccDataSourceBrandingTheme",
];

/**
 * Where the recorded tenant did not start fresh: the tenant of TestAccBranding had branding
 * colours set before the test began (its first PATCH sends none and answers them). Every
 * recorded tenant started without a custom domain (each lists none or creates its own).
 */
const SETUP: Readonly<Record<string, ReplayOptions>> = {
  TestAccBranding: {
    setup: [
      {
        method: "PATCH",
        path: "/api/v2/branding",
        body: { colors: { page_background: "#FF4F40", primary: "#2A2E35" } },
      },
    ],
  },
};

const used = new Set<Allowed>();

test.each(RECORDINGS)("%s: every interaction matches, or differs as allowed", async (name) => {
  const h = await startHarness({ customDomain: false });
  try {
    const { replayed, differences } = await replayRecording(name, h, SETUP[name]);
    expect(replayed).toBeGreaterThan(0);
    const unexplained = differences.flatMap(({ index, request, reasons }) =>
      reasons
        .filter((reason) => {
          const allowed = ALLOWED.find(
            (entry) => (entry.recording ?? name) === name && entry.request.test(request) && entry.reason.test(reason),
          );
          if (allowed) used.add(allowed);
          return !allowed;
        })
        .map((reason) => `#${index} ${request}: ${reason}`),
    );
    expect(unexplained).toEqual([]);
  } finally {
    await h.close();
  }
});

test("every allowed difference still occurs (an entry no replay needs is stale)", () => {
  expect(ALLOWED.filter((entry) => !used.has(entry)).map((entry) => entry.why)).toEqual([]);
});
