/**
 * `pulumi-tenant rehearse <journey.yaml>... --tenant-url URL [--out DIR] [--json FILE]`: each
 * journey's login rehearsed in headless Chromium on a local tenant server, a screenshot per page
 * and a trace per journey, a line per journey, and a non-zero exit naming the step that failed.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "puppeteer-core";
import { DEFAULT_NAMESPACE, readSettingsInput, resolveSettings, type TenantSettingsInput } from "../../client/settings";
import { findChromium, launchHeadlessChromium } from "../review/browser";
import { NO_CHROMIUM } from "../review/pictures";
import { StackTenants } from "../stack-tenants";
import { readJourney, type Journey } from "./journey";
import { resultLine, resultOf, writeResults, type JourneyResult } from "./report";
import { RehearsalTenant } from "./tenant";

/** Its line in the usage. */
export const REHEARSE_SUMMARY = "rehearse login journeys in headless Chromium on a local tenant: screenshots, trace";

/** Exit codes of `rehearse`. */
export const REHEARSE_EXIT = { passed: 0, error: 1, failed: 2 } as const;

/** Where the screenshots and traces go by default. */
export const DEFAULT_OUT = "rehearsals";

/** What `pulumi-tenant rehearse --help` prints. */
export const REHEARSE_HELP = `Usage: pulumi-tenant rehearse <journey.yaml>... [--tenant-url URL] [--out DIR] [--json FILE]
                              [--stack NAME] [--cwd DIR]

Rehearses each journey (a YAML file: the application, the user made for the run, the fixtures
that answer the actions' and flows' outside calls, the pages expected step by step with the
fields filled and the button pressed, and what must be true at the end: the ID token's claims,
a denial, the user's metadata) on a local tenant server (\`npx pulumi-tenant-server\`) in a
headless Chromium, as a person would, the application's side played by an OpenID Connect
relying party. The user, and an application the journey describes, are removed after the run.
Each journey writes DIR/<journey name>/NN-<page>.png, one per page, and trace.json (the pages,
the actions run with their logs and calls, the form steps, the flows' calls, the ID token's
claims; never a password, a secret or a token), and prints one line: PASS, or FAIL with the step
that failed and why. A hosted tenant is refused: fixtures and the trace exist only locally.

Options:
  --tenant-url URL  the local tenant server (default: the domain of the stack's configuration,
                    else AUTH0_DOMAIN)
  --out DIR         where each journey's folder goes (default: ${DEFAULT_OUT})
  --json FILE       also write the results as JSON (passed or failed, the failed step, the
                    screenshots' paths relative to DIR) for \`pulumi-tenant review --journeys\`
  --stack NAME      read the management credentials from this stack's configuration
                    (tenant:clientId, tenant:clientSecret or tenant:apiToken)
  --cwd DIR         the Pulumi project folder of --stack (default: the current folder)
  -h, --help        this text

Credentials: with --stack, the stack's tenant:* configuration; otherwise (and for what it leaves
unset) AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET, or AUTH0_API_TOKEN. A local tenant server writes
its admin client's to <data dir>/credentials.json.

Needs puppeteer-core in the project (\`npm install --save-dev puppeteer-core\`) and a Chromium
(the \`chromium\` package, Google Chrome, or PULUMI_TENANT_CHROMIUM naming one).

Exit codes: 0 every journey passed; 2 a journey failed (its step and why on its line); 1 error
(a journey file that is not valid, no tenant, no browser: nothing rehearsed).`;

/** Reads the management settings: the stack's configuration when named, then the environment. */
async function settingsInput(stack: string | undefined, cwd: string | undefined): Promise<TenantSettingsInput> {
  if (stack === undefined) return readSettingsInput(() => undefined, process.env);
  const tenants = await StackTenants.read(["--stack", stack], cwd);
  return tenants.tenantOf({}, undefined).input;
}

/** Starts the headless Chromium, saying what to install when it cannot. */
async function launchBrowser(): Promise<Browser> {
  const executable = findChromium();
  if (!executable) throw new Error(`${NO_CHROMIUM}: a rehearsal drives a browser`);
  // A local tenant with --tls has its own CA; the pages are the local server's.
  return launchHeadlessChromium(executable, { acceptInsecureCerts: true });
}

/** Runs the `rehearse` subcommand with its arguments; returns the exit code. */
export async function rehearseCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      "tenant-url": { type: "string" },
      out: { type: "string" },
      json: { type: "string" },
      stack: { type: "string" },
      cwd: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${REHEARSE_HELP}\n`);
    return REHEARSE_EXIT.passed;
  }
  if (positionals.length === 0) throw new Error("give the journey files to rehearse (journeys/*.yaml)");
  if (values.cwd !== undefined && values.stack === undefined)
    throw new Error("--cwd is the project folder of --stack: give --stack NAME too");
  // Every file is checked before anything is made in the tenant.
  const journeys: { journey: Journey; file: string }[] = positionals.map((file) => ({
    journey: readJourney(file),
    file,
  }));
  const names = new Map<string, string>();
  for (const { journey, file } of journeys) {
    const other = names.get(journey.name);
    if (other)
      throw new Error(`${file} and ${other} are both named "${journey.name}": each journey's folder is its name`);
    names.set(journey.name, file);
  }
  const input = await settingsInput(values.stack, values.cwd);
  const settings = resolveSettings({ ...input, domain: values["tenant-url"] ?? input.domain }, DEFAULT_NAMESPACE);
  const tenant = await RehearsalTenant.connect(settings);
  const out = values.out ?? DEFAULT_OUT;
  const browser = await launchBrowser();
  const results: JourneyResult[] = [];
  // Loaded here: the relying party (openid-client) is needed by this command alone.
  const { rehearseJourney } = await import("./runner");
  try {
    for (const { journey, file } of journeys) {
      const result = resultOf(await rehearseJourney(journey, file, tenant, browser, path.resolve(out)));
      process.stdout.write(`${resultLine(result)}\n`);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  if (values.json) writeResults(values.json, out, results);
  const failed = results.filter((result) => !result.passed).length;
  process.stdout.write(
    `${results.length - failed} of ${results.length} journey${results.length === 1 ? "" : "s"} passed; ` +
      `screenshots and traces in ${out}/\n`,
  );
  return failed > 0 ? REHEARSE_EXIT.failed : REHEARSE_EXIT.passed;
}
