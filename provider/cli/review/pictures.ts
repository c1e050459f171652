/**
 * The pictures of the login screens a plan changes: each screen's page before and after, drawn
 * in one headless Chromium to PNG files in the folder the review is given. Without a Chromium
 * the review still writes its comment, saying in one line why it has no pictures.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CHROMIUM_VARIABLE, ReviewBrowser } from "./browser";
import type { LookReview } from "./look";

/** The files of one screen's pair, relative to the pictures' folder. */
export interface PictureFiles {
  before: string;
  after: string;
}

/** What drawing gave: the files by screen pair id, or why there are none. */
export type PictureOutcome = { files: Record<string, PictureFiles> } | { unavailable: string };

/** The words of a review without a browser. */
export const NO_CHROMIUM = `no Chromium was found (install the \`chromium\` package, or set ${CHROMIUM_VARIABLE} to a Chromium or Chrome executable)`;

/** Draws every pair of `reviews` into `folder` (made when missing) with the browser `executable` (browser.ts `findChromium`'s). */
export async function drawPictures(
  reviews: readonly LookReview[],
  folder: string,
  executable: string | undefined,
): Promise<PictureOutcome> {
  const pairs = reviews.flatMap((review) => review.pairs);
  if (pairs.length === 0) return { files: {} };
  if (!executable) return { unavailable: NO_CHROMIUM };
  fs.mkdirSync(folder, { recursive: true });
  const pages = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-screens-"));
  let browser: ReviewBrowser | undefined;
  try {
    browser = await ReviewBrowser.launch(executable);
    const files: Record<string, PictureFiles> = {};
    for (const pair of pairs) {
      const names = { before: `${pair.id}-before.png`, after: `${pair.id}-after.png` };
      for (const side of ["before", "after"] as const) {
        const page = path.join(pages, `${pair.id}-${side}.html`);
        fs.writeFileSync(page, pair[side]);
        fs.writeFileSync(path.join(folder, names[side]), await browser.screenshot(page));
      }
      files[pair.id] = names;
    }
    return { files };
  } catch (error) {
    return { unavailable: `Chromium (${executable}) could not draw them: ${(error as Error).message}` };
  } finally {
    await browser?.close();
    fs.rmSync(pages, { recursive: true, force: true });
  }
}
