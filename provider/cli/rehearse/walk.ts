/**
 * The browser's side of a rehearsal: a tab whose application callback is answered in the browser,
 * the login started as the application starts it (authorization code with PKCE), then each step's
 * page seen, checked against the step, filled, pictured and submitted.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as oidc from "openid-client";
import type { Browser, BrowserContext, Page } from "puppeteer-core";
import type { Journey } from "./journey";
import { fillValue, pageMismatch, screenshotName, type SeenPage } from "./matcher";
import { fillField, observePage, pressButton, StepFailure } from "./page";
import type { JourneyTrace, TraceEvent } from "./report";

/** What the application's callback answers in the browser (no application server runs). */
const CALLBACK_PAGE = "<!DOCTYPE html><title>Callback</title><p>The login returned to the application.</p>";
/** The scopes the login asks for. */
const SCOPES = "openid profile email";

/** A failure of the run at a named point (`setup`, `step 2`, `expect`). */
export class RunFailure extends Error {
  constructor(
    readonly at: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** The pages' browser tab: the callback answered in the browser, its addresses recorded. */
export async function openTab(browser: Browser, callback: string): Promise<{ context: BrowserContext; page: Page }> {
  // A context of its own: no session carried from another journey.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.url().startsWith(callback))
      void request.respond({ status: 200, contentType: "text/html", body: CALLBACK_PAGE });
    else void request.continue();
  });
  return { context, page };
}

/** Sends the tab to the tenant's authorization endpoint; what the token exchange must check on the way back. */
export async function startLogin(
  page: Page,
  config: oidc.Configuration,
  callback: string,
): Promise<oidc.AuthorizationCodeGrantChecks> {
  const verifier = oidc.randomPKCECodeVerifier();
  const checks = { pkceCodeVerifier: verifier, expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
  const authorize = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: checks.expectedState,
    nonce: checks.expectedNonce,
  });
  await page.goto(authorize.href, { waitUntil: "load" });
  return checks;
}

/** What walking a journey's steps needs. */
export interface Walk {
  journey: Journey;
  page: Page;
  /** The application's callback address. */
  callback: string;
  /** The journey's folder (its screenshots). */
  dir: string;
  /** Where the pages are recorded. */
  trace: JourneyTrace;
  /** The tenant's trace since the run began. */
  events: () => Promise<TraceEvent[]>;
  formNames: ReadonlyMap<string, string>;
  password: string;
}

/** Records the page shown now (for step `step`, from 1). */
async function see(walk: Walk, step?: number): Promise<SeenPage> {
  const seen = await observePage(walk.page, walk.callback, walk.events, walk.formNames);
  const url = new URL(walk.page.url());
  const { pages } = walk.trace;
  pages.push({ index: pages.length + 1, ...(step ? { step } : {}), page: seen, url: url.origin + url.pathname });
  return seen;
}

/** The last page's screenshot as it is now (its fields filled; a password shows as dots). */
async function snap(walk: Walk): Promise<void> {
  const record = walk.trace.pages.at(-1)!;
  const name = screenshotName(record.index, record.page);
  fs.writeFileSync(path.join(walk.dir, name), await walk.page.screenshot({ type: "png", fullPage: true }));
  record.screenshot = name;
}

/** Walks the journey's steps; the page the last one led to (pictured unless it is the callback). */
export async function walkSteps(walk: Walk): Promise<SeenPage> {
  const user = { email: walk.journey.user.email, password: walk.password };
  for (const [index, step] of walk.journey.steps.entries()) {
    const at = `step ${index + 1}`;
    const seen = await see(walk, index + 1);
    const mismatch = pageMismatch(step.page, seen);
    if (mismatch) {
      if (seen.kind !== "callback") await snap(walk);
      throw new RunFailure(at, mismatch);
    }
    try {
      for (const [field, value] of Object.entries(step.fill ?? {}))
        await fillField(walk.page, field, fillValue(value, user));
      await snap(walk);
      await pressButton(walk.page, step.press);
    } catch (error) {
      if (!walk.trace.pages.at(-1)!.screenshot) await snap(walk);
      if (error instanceof StepFailure) throw new RunFailure(at, error.message);
      throw error;
    }
  }
  const end = await see(walk);
  if (end.kind !== "callback") await snap(walk);
  return end;
}
