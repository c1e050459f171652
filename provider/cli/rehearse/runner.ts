/**
 * One journey rehearsed: the application (found, or made for the run) and the user made in the
 * local tenant, the fixtures given, a login started as the application starts it (openid-client,
 * authorization code with PKCE), each step's page checked, filled and submitted in Chromium, a
 * screenshot per page, then what the journey expects checked at the end: the verified ID token's
 * claims, or the denial; the metadata read back. What was made for the run is removed after.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as oidc from "openid-client";
import type { Browser, BrowserContext } from "puppeteer-core";
import type { Journey } from "./journey";
import { describeSeen, subsetMismatch, type SeenPage } from "./matcher";
import {
  sortEvents,
  traceTrouble,
  writeTrace,
  type JourneyFailure,
  type JourneyTrace,
  type TraceEvent,
} from "./report";
import { generatedPassword, type RehearsalTenant, type TenantApplication } from "./tenant";
import { openTab, RunFailure, startLogin, walkSteps } from "./walk";

/** The relying party of the application: its OpenID configuration on the tenant. */
async function relyingParty(origin: string, application: TenantApplication): Promise<oidc.Configuration> {
  const secret = application.client_secret;
  if (!secret && application.token_endpoint_auth_method !== "none") {
    throw new RunFailure(
      "setup",
      `the secret of application "${application.name}" could not be read: the management credentials need the ` +
        "read:client_keys scope (or let the journey make its application: {name, callbacks})",
    );
  }
  const auth = secret ? oidc.ClientSecretPost(secret) : oidc.None();
  const options = new URL(origin).protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
  return oidc.discovery(new URL(origin), application.client_id, secret, auth, options);
}

/** Rehearses `journey` (from `file`) on `tenant` in `browser`, writing its folder under `out`; its trace. */
export async function rehearseJourney(
  journey: Journey,
  file: string,
  tenant: RehearsalTenant,
  browser: Browser,
  out: string,
): Promise<JourneyTrace> {
  const started = Date.now();
  const dir = path.join(out, journey.name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const password = journey.user.password ?? generatedPassword();
  const secrets: (string | undefined)[] = [password];
  const trace: JourneyTrace = {
    journey: journey.name,
    file,
    tenant: tenant.settings.origin,
    user: { email: journey.user.email },
    passed: false,
    seconds: 0,
    pages: [],
    ...sortEvents([]),
  };
  const undo: Undo[] = [];
  let cursor: number | undefined;
  let context: BrowserContext | undefined;
  let failure: JourneyFailure | undefined;
  const events = async (): Promise<TraceEvent[]> => (cursor === undefined ? [] : tenant.traceAfter(cursor));
  try {
    const application = await setUp(journey, tenant, password, trace, undo);
    secrets.push(application.client_secret);
    cursor = await tenant.traceCursor();
    const formNames = await tenant.formNames();
    const callback =
      typeof journey.application === "string" ? application.callbacks?.[0] : journey.application.callbacks[0];
    if (!callback)
      throw new RunFailure("setup", `application "${application.name}" has no callback URL to return the login to`);
    const config = await relyingParty(tenant.settings.origin, application);
    const tab = await openTab(browser, callback);
    context = tab.context;
    const checks = await startLogin(tab.page, config, callback);
    const walk = { journey, page: tab.page, callback, dir, trace, events, formNames, password };
    const end = await walkSteps(walk);
    const url = tab.page.url();
    trace.claims = await checkEnd(journey, end, url, config, checks, secrets);
    await checkMetadata(journey, tenant, trace.user?.user_id);
    trace.passed = true;
  } catch (error) {
    failure =
      error instanceof RunFailure
        ? { at: error.at, reason: error.message }
        : { at: trace.pages.length ? "run" : "setup", reason: (error as Error).message };
  } finally {
    await context?.close().catch(() => undefined);
    const recorded = await events().catch(() => []);
    Object.assign(trace, sortEvents(recorded));
    // What the tenant says went wrong explains a page that did not move on.
    const trouble = failure ? traceTrouble(recorded) : undefined;
    if (failure && trouble) failure.reason += ` (the trace: ${trouble})`;
    for (const step of undo.reverse())
      await step.run().catch((error: Error) => {
        // Left in the tenant, the user would make the next run's creation fail: say so now.
        process.stderr.write(
          `rehearse: ${journey.name}: ${step.what} could not be removed after the run (${error.message}); ` +
            "remove it from the local tenant before the next run\n",
        );
      });
  }
  if (failure) trace.failure = failure;
  trace.seconds = Math.round((Date.now() - started) / 100) / 10;
  writeTrace(dir, trace, secrets);
  return trace;
}

/** What a run made in the tenant, and how it is removed. */
interface Undo {
  what: string;
  run: () => Promise<void>;
}

/** Finds or makes the application, makes the user, gives the fixtures; records how to undo each. */
async function setUp(
  journey: Journey,
  tenant: RehearsalTenant,
  password: string,
  trace: JourneyTrace,
  undo: Undo[],
): Promise<TenantApplication> {
  const described = journey.application;
  const application =
    typeof described === "string"
      ? await tenant.findApplication(described)
      : await tenant.createApplication(described.name, described.callbacks);
  if (typeof described !== "string")
    undo.push({
      what: `the application "${application.name}"`,
      run: () => tenant.deleteApplication(application.client_id),
    });
  trace.application = {
    name: application.name,
    client_id: application.client_id,
    made_for_the_run: typeof described !== "string",
  };
  const userId = await tenant.createUser(journey.user, password);
  trace.user = { email: journey.user.email, user_id: userId };
  undo.push({ what: `the user ${journey.user.email}`, run: () => tenant.deleteUser(userId) });
  await tenant.setFixtures(journey.fixtures);
  undo.push({ what: "the journey's fixtures", run: () => tenant.setFixtures([]) });
  return application;
}

/** Checks how the login ended (denied, or a token with the claims expected); the token's claims. */
async function checkEnd(
  journey: Journey,
  end: SeenPage,
  url: string,
  config: oidc.Configuration,
  checks: oidc.AuthorizationCodeGrantChecks,
  secrets: (string | undefined)[],
): Promise<Record<string, unknown> | undefined> {
  const expected = journey.expect;
  if (end.kind !== "callback")
    throw new RunFailure(
      "end",
      `the steps are done and the login did not return to the application: saw ${describeSeen(end)}`,
    );
  if (end.error) {
    if (expected.denied === undefined)
      throw new RunFailure("expect", `the login ended with error \`${end.error}\`: "${end.description ?? ""}"`);
    if (end.error !== "access_denied" || end.description !== expected.denied)
      throw new RunFailure("expect", `expected the denial "${expected.denied}", saw ${describeSeen(end)}`);
    return undefined;
  }
  if (expected.denied !== undefined)
    throw new RunFailure("expect", `expected the denial "${expected.denied}", and the login succeeded`);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(url), checks);
  secrets.push(tokens.id_token, tokens.access_token, tokens.refresh_token);
  const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  const missing = expected.claims ? subsetMismatch(expected.claims, claims, "claim") : undefined;
  if (missing) throw new RunFailure("expect", `the ID token's ${missing}`);
  return claims;
}

/** Checks the user's metadata, read back through the management API, against what the journey expects. */
async function checkMetadata(journey: Journey, tenant: RehearsalTenant, userId: string | undefined): Promise<void> {
  const { user_metadata: userMetadata, app_metadata: appMetadata } = journey.expect;
  if (!userId || (!userMetadata && !appMetadata)) return;
  const user = await tenant.readUser(userId);
  for (const [key, expected] of [
    ["user_metadata", userMetadata],
    ["app_metadata", appMetadata],
  ] as const) {
    if (!expected) continue;
    const held = (user[key] ?? {}) as Record<string, unknown>;
    const missing = subsetMismatch(expected, held, key);
    if (missing) throw new RunFailure("expect", `the user's ${missing}`);
  }
}
