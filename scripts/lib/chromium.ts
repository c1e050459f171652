/**
 * A headless Chromium for the tests that render what GitHub would (the review comment's
 * Mermaid drawings): Debian's `chromium` package, or the browser `PULUMI_TENANT_CHROMIUM`
 * names. {@link ensureChromium} installs the package with apt-get when it is missing and we
 * may (root, apt-get present), showing apt's progress; otherwise it says what to install.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";

/** Where Debian's packages put the browser. */
const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function log(text: string): void {
  process.stderr.write(`[chromium] ${text}\n`);
}

/** The browser's executable, if one is installed. */
function findChromium(): string | undefined {
  const fromEnv = process.env.PULUMI_TENANT_CHROMIUM;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

/**
 * The path of a Chromium executable, installing Debian's `chromium` package first when none
 * is found and we may. Throws saying what to install otherwise.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const apt = spawnSync("which", ["apt-get"]).status === 0;
  if (process.getuid?.() === 0 && apt) {
    log("Chromium is not installed: apt-get install chromium (a minute or two)");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-q"], { stdio: ["ignore", "inherit", "inherit"], env });
    const install = spawnSync(
      "apt-get",
      ["install", "-y", "-q", "--no-install-recommends", "chromium", "fonts-dejavu-core"],
      { stdio: ["ignore", "inherit", "inherit"], env },
    );
    const after = findChromium();
    if (after) return after;
    throw new Error(
      `apt-get could not install Chromium (update exit ${update.status}, install exit ${install.status}). ` +
        "Install the `chromium` package, or set PULUMI_TENANT_CHROMIUM to a Chromium or Chrome executable.",
    );
  }
  throw new Error(
    "No Chromium is installed, and this process cannot install it. Install the `chromium` package " +
      "(e.g. `sudo apt-get install chromium`), or set PULUMI_TENANT_CHROMIUM to a Chromium or Chrome executable.",
  );
}
