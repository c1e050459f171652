/**
 * A headless Chromium for the review's pictures, driven by puppeteer-core (the browser is the
 * machine's: puppeteer-core downloads none). puppeteer-core is an optional peer of the package:
 * only a project that asks for pictures installs it. One browser draws every picture of a review; the
 * pages are drawn with their scripts off. The review's pictures need a Chromium on the machine;
 * {@link findChromium} says where, and the review does without pictures when none is.
 */
import * as fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { Browser } from "puppeteer-core";

/** The variable naming a Chromium or Chrome executable. */
export const CHROMIUM_VARIABLE = "PULUMI_TENANT_CHROMIUM";
/** Where Debian's and others' packages put the browser. */
const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];
/** How long a page may take to load (its images, fonts) before it is drawn as it is. */
const LOAD_TIMEOUT_MS = 5_000;
/** How long the browser may take to start. */
const LAUNCH_TIMEOUT_MS = 30_000;
/** The pictures' width, and the bounds of their height (the page's own, within these). */
export const PICTURE_WIDTH = 800;
const MIN_HEIGHT = 600;
const MAX_HEIGHT = 1_600;

/** The browser's executable: the variable's, else an installed package's; undefined when there is none. */
export function findChromium(): string | undefined {
  const named = process.env[CHROMIUM_VARIABLE];
  if (named) return fs.existsSync(named) ? named : undefined;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/** What is missing when puppeteer-core cannot be loaded, and what to do. */
const NO_PUPPETEER = "puppeteer-core is not installed";

/**
 * Starts the machine's Chromium at `executable`, headless, through puppeteer-core (an optional
 * peer: its absence says what to install). `acceptInsecureCerts` for pages of a local server
 * with its own CA (a tenant server's `--tls`).
 */
export async function launchHeadlessChromium(
  executable: string,
  options: { acceptInsecureCerts?: boolean } = {},
): Promise<Browser> {
  const { launch } = await import("puppeteer-core").catch((error: unknown) => {
    throw new Error(
      `${NO_PUPPETEER}: add it to the project (\`npm install --save-dev puppeteer-core\`), which drives the machine's Chromium`,
      { cause: error },
    );
  });
  return launch({
    executablePath: executable,
    headless: true,
    pipe: true,
    timeout: LAUNCH_TIMEOUT_MS,
    ...options,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio"],
  });
}

/** A running headless Chromium that draws local pages to PNG. */
export class ReviewBrowser {
  private constructor(private readonly browser: Browser) {}

  /** Starts the browser at `executable`. */
  static async launch(executable: string): Promise<ReviewBrowser> {
    try {
      return new ReviewBrowser(await launchHeadlessChromium(executable));
    } catch (error) {
      if ((error as Error).message.startsWith(NO_PUPPETEER)) throw error;
      throw new Error(`it did not start (${(error as Error).message.split("\n")[0]})`, { cause: error });
    }
  }

  /** The page in `file` drawn `PICTURE_WIDTH` wide and as tall as it is (within bounds), its scripts off. */
  async screenshot(file: string): Promise<Buffer> {
    const page = await this.browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setViewport({ width: PICTURE_WIDTH, height: MIN_HEIGHT });
      // A page whose images or fonts do not load in time is drawn as it is.
      await page.goto(pathToFileURL(file).href, { waitUntil: "load", timeout: LOAD_TIMEOUT_MS }).catch(() => undefined);
      const { cssContentSize } = await (await page.createCDPSession()).send("Page.getLayoutMetrics");
      const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(cssContentSize.height)));
      return Buffer.from(
        await page.screenshot({
          type: "png",
          clip: { x: 0, y: 0, width: PICTURE_WIDTH, height },
          captureBeyondViewport: true,
        }),
      );
    } finally {
      await page.close();
    }
  }

  /** Ends the browser. */
  async close(): Promise<void> {
    await this.browser.close();
  }
}
