/**
 * The review's pictures of the login screens: a plan changing a theme colour and a screen's text
 * draws the login screen before and after, with the hosted login's renderer, in one headless
 * Chromium, to two PNG files that differ, which the comment shows.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ensureChromium } from "../../scripts/lib/chromium";
import { CHROMIUM_VARIABLE, PICTURE_WIDTH } from "../../provider/cli/review/browser";
import { reviewCommand } from "../../provider/cli/review/command";
import { lookReviews } from "../../provider/cli/review/look";
import { planOfPreview } from "../../provider/cli/review/plan";
import { drawPictures } from "../../provider/cli/review/pictures";

/** A `pulumi preview --json` update step of the dynamic door. */
function update(typeName: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const type = `pulumi-nodejs:dynamic/tenant:${typeName}`;
  const urn = `urn:pulumi:dev::look::${type}::${typeName}`;
  const dress = (values: Record<string, unknown>) => ({ ...values, tenant: "tenant" });
  return {
    op: "update",
    urn,
    oldState: { urn, type, inputs: dress(olds) },
    newState: { urn, type, inputs: dress(news) },
  };
}

/** A preview changing a theme colour and the login screen's title. */
const PREVIEW = {
  steps: [
    update("BrandingTheme", { colors: { primary_button: "#635dff" } }, { colors: { primary_button: "#e0115f" } }),
    update(
      "PromptCustomText",
      { prompt: "login", language: "en", body: { login: { title: "Welcome" } } },
      { prompt: "login", language: "en", body: { login: { title: "Hello again" } } },
    ),
  ],
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test("`review --pictures` draws the changed login screen before and after, to two PNGs that differ, shown in the comment", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "review-pictures-"));
  const previous = process.env[CHROMIUM_VARIABLE];
  process.env[CHROMIUM_VARIABLE] = ensureChromium();
  try {
    fs.writeFileSync(path.join(folder, "plan.json"), JSON.stringify(PREVIEW));
    const pictures = path.join(folder, "screens");
    const started = Date.now();
    const exit = await reviewCommand([
      ...["--preview-json", path.join(folder, "plan.json"), "--out", path.join(folder, "comment.md")],
      ...["--pictures", pictures, "--pictures-url", "https://ci.example.com/run/7"],
    ]);
    const took = Date.now() - started;
    expect(exit).toBe(0);
    const comment = fs.readFileSync(path.join(folder, "comment.md"), "utf8");
    expect(comment).toContain(
      "| ![login (en) before](https://ci.example.com/run/7/tenant-first-login-en-before.png) | " +
        "![login (en) after](https://ci.example.com/run/7/tenant-first-login-en-after.png) |",
    );
    expect(comment).toContain('- `login (en) › login › title: "Welcome" → "Hello again"`');
    expect(fs.readdirSync(pictures).sort()).toEqual([
      "tenant-first-login-en-after.png",
      "tenant-first-login-en-before.png",
    ]);
    const [before, after] = ["before", "after"].map((side) =>
      fs.readFileSync(path.join(pictures, `tenant-first-login-en-${side}.png`)),
    );
    for (const picture of [before!, after!]) {
      expect(picture.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(picture.length).toBeGreaterThan(2_000);
      // The PNG's width (IHDR, bytes 16-19): the pictures' width.
      expect(picture.readUInt32BE(16)).toBe(PICTURE_WIDTH);
    }
    expect(before!.equals(after!)).toBe(false);
    process.stderr.write(`[review-pictures] the review with one pair drawn took ${took} ms\n`);
  } finally {
    if (previous === undefined) delete process.env[CHROMIUM_VARIABLE];
    else process.env[CHROMIUM_VARIABLE] = previous;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

test("without a Chromium the pictures are unavailable, in one line, and nothing is drawn", async () => {
  const folder = path.join(os.tmpdir(), `review-pictures-none-${process.pid}`);
  const outcome = await drawPictures(lookReviews(planOfPreview(PREVIEW)), folder, undefined);
  expect(outcome).toEqual({ unavailable: expect.stringMatching(/^no Chromium was found \(install .*\)$/) });
  expect(fs.existsSync(folder)).toBe(false);
});

test("a browser that does not start: the pictures are unavailable, saying why in one line", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "review-pictures-failed-"));
  try {
    const outcome = await drawPictures(lookReviews(planOfPreview(PREVIEW)), folder, "/bin/false");
    expect(outcome).toEqual({
      unavailable: expect.stringMatching(/^Chromium \(\/bin\/false\) could not draw them: it did not start \(.+\)$/),
    });
    expect(fs.readdirSync(folder)).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
