/**
 * The review's login screens: which screens a plan's look changes draw (before and after, the
 * unchanged look behind both), the texts' changes by screen and key, and the comment's words with
 * pictures, without a browser, and without pictures asked for.
 */
import { planOfPreview } from "../../../../../provider/cli/review/plan";
import { lookReviews } from "../../../../../provider/cli/review/look";
import { renderReview } from "../../../../../provider/cli/review/render";
import { NO_CHROMIUM } from "../../../../../provider/cli/review/pictures";
import { updateStep } from "../../../../fixtures/review-plan";

const TEMPLATE =
  '<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body><div id="shell">{%- auth0:widget -%}</div></body></html>';

/** A step that changes nothing, of the dynamic door. */
function sameStep(typeName: string, name: string, values: Record<string, unknown>) {
  const step = updateStep("dynamic", typeName, name, values, values);
  return { ...step, op: "same" };
}

/** A preview changing a theme colour and the login screen's title, the page template unchanged. */
function themeAndTitle() {
  return planOfPreview({
    steps: [
      sameStep("LoginTemplate", "page", { template: TEMPLATE }),
      updateStep(
        "dynamic",
        "BrandingTheme",
        "theme",
        { colors: { primary_button: "#635dff" } },
        { colors: { primary_button: "#e0115f" } },
      ),
      updateStep(
        "dynamic",
        "PromptCustomText",
        "login-en",
        { prompt: "login", language: "en", body: { login: { title: "Welcome", description: "Log in" } } },
        { prompt: "login", language: "en", body: { login: { title: "Hello again" } } },
      ),
      updateStep(
        "dynamic",
        "PromptCustomText",
        "mfa-fr",
        { prompt: "mfa", language: "fr", body: {} },
        { prompt: "mfa", language: "fr", body: { mfa: { title: "Sécurité" } } },
      ),
    ],
  });
}

test("a theme colour and a login text draw the first login screen once, the unchanged template behind both sides", () => {
  const [review, ...others] = lookReviews(themeAndTitle());
  expect(others).toEqual([]);
  expect(review!.pairs.map(({ id, screens, language }) => ({ id, screens, language }))).toEqual([
    { id: "tenant-first-login-en", screens: { before: "login", after: "login" }, language: "en" },
  ]);
  const [pair] = review!.pairs;
  for (const html of [pair!.before, pair!.after]) expect(html).toContain('<div id="shell"><main class="login-box"');
  expect(pair!.before).toContain("<h1>Welcome</h1>");
  expect(pair!.before).not.toContain("#e0115f");
  expect(pair!.after).toContain("<h1>Hello again</h1>");
  expect(pair!.after).toContain("background:#e0115f");
  expect(review!.undrawn).toEqual(["mfa (fr): not drawn"]);
  expect(review!.textChanges).toEqual([
    'login (en) › login › description: removed (was "Log in")',
    'login (en) › login › title: "Welcome" → "Hello again"',
    'mfa (fr) › mfa › title: added "Sécurité"',
  ]);
});

test("identifier first switched on: the first login screen goes from login to login-id, with the login-id partials", () => {
  const plan = planOfPreview({
    steps: [
      updateStep("dynamic", "PromptSettings", "prompts", { identifier_first: false }, { identifier_first: true }),
      updateStep(
        "dynamic",
        "PromptScreenPartials",
        "login-id-partials",
        { prompt: "login-id", screens: {} },
        { prompt: "login-id", screens: { "login-id": { "form-content-end": '<p id="terms">Terms</p>' } } },
      ),
    ],
  });
  const [review] = lookReviews(plan);
  expect(review!.pairs.map((pair) => pair.screens)).toEqual([{ before: "login", after: "login-id" }]);
  const [pair] = review!.pairs;
  expect(pair!.before).toContain('name="password"');
  expect(pair!.after).not.toContain('name="password"');
  expect(pair!.after).toContain('<p id="terms">Terms</p><button');
});

test("a plan that leaves the look alone has no login screens section", () => {
  const plan = planOfPreview({ steps: [sameStep("LoginTemplate", "page", { template: TEMPLATE })] });
  expect(lookReviews(plan)).toEqual([]);
  expect(renderReview(plan)).not.toContain("Login screens");
});

describe("the comment's login screens", () => {
  const plan = themeAndTitle();
  const looks = lookReviews(plan);
  const files = {
    "tenant-first-login-en": { before: "tenant-first-login-en-before.png", after: "tenant-first-login-en-after.png" },
  };

  test("with pictures: a before/after pair per screen, linked under the published base, then the texts by screen and key", () => {
    const comment = renderReview(plan, {
      looks,
      pictures: { outcome: { files }, base: "https://ci.example.com/run/7/" },
    });
    const section = comment.slice(comment.indexOf("### Login screens"));
    expect(section.split("\n").slice(0, 14)).toEqual([
      "### Login screens",
      "",
      "**Screen `login (en)`**",
      "",
      "| Before | After |",
      "| --- | --- |",
      "| ![login (en) before](https://ci.example.com/run/7/tenant-first-login-en-before.png) | ![login (en) after](https://ci.example.com/run/7/tenant-first-login-en-after.png) |",
      "",
      "- Screen `mfa (fr): not drawn`",
      "",
      "Texts and partials changed, by prompt, screen and key:",
      "",
      '- `login (en) › login › description: removed (was "Log in")`',
      '- `login (en) › login › title: "Welcome" → "Hello again"`',
    ]);
  });

  test("links relative to the folder the review was given when no URL is", () => {
    const comment = renderReview(plan, { looks, pictures: { outcome: { files }, base: "screens" } });
    expect(comment).toContain("![login (en) before](screens/tenant-first-login-en-before.png)");
  });

  test("without a browser: one line says why, and the changes are still listed", () => {
    const comment = renderReview(plan, { looks, pictures: { outcome: { unavailable: NO_CHROMIUM }, base: "screens" } });
    const lines = comment.split("\n");
    expect(lines.filter((line) => line.startsWith("> No pictures:"))).toEqual([`> No pictures: ${NO_CHROMIUM}.`]);
    expect(comment).not.toContain("![");
    expect(comment).toContain("- Screen `login (en)` changes");
    expect(comment).toContain('- `login (en) › login › title: "Welcome" → "Hello again"`');
  });

  test("a partial's HTML is quoted as code, never rendered in the comment", () => {
    const partials = planOfPreview({
      steps: [
        updateStep(
          "dynamic",
          "PromptScreenPartials",
          "login-partials",
          { prompt: "login", screens: {} },
          { prompt: "login", screens: { login: { "form-content-end": '<img src=x onerror="alert(1)">|`x`' } } },
        ),
      ],
    });
    const comment = renderReview(partials, { looks: lookReviews(partials) });
    expect(comment).toContain(
      '- `login partials › login › form-content-end: added "<img src=x onerror=\\"alert(1)\\">\\|\'x\'"`',
    );
  });
});
