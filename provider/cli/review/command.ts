/**
 * `pulumi-tenant review`: the pull-request comment of a preview, from the engine's own plan
 * (`pulumi preview --json`), by identity, forms drawn, secrets masked.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { pulumiBinDir } from "../../backend/pulumi-cli";
import { planOfPreview, type PreviewJson } from "./plan";
import { renderReview } from "./render";
import type { PolicyViolation } from "./plan";
import { parseEngineEventLines, policyViolationsOf, previewOfEvents } from "./policies";
import { findChromium } from "./browser";
import { lookReviews } from "./look";
import { drawPictures } from "./pictures";
import type { PictureLinks } from "./render-look";
import { parseJourneyResults, type JourneyLinks } from "./render-journeys";

/** Its line in the usage. */
export const REVIEW_SUMMARY =
  "write the pull-request comment of a preview: changes by id, graphs drawn, secrets masked";

/** What `pulumi-tenant review --help` prints. */
export const REVIEW_HELP = `Usage: pulumi-tenant review [--stack NAME] [--cwd DIR] [--preview-json FILE]
                            [--diff-file FILE] [--preview-exit CODE] [--out FILE] [--title TEXT]
                            [--policy-pack DIR [--policy-pack-config FILE]]...
                            [--pictures DIR [--pictures-url URL]]
                            [--journeys FILE [--journeys-url URL]]

Writes a Markdown comment for a pull request from the engine's own plan: a summary table
(each object, its action, the fields that change), each object's changes by identity (nodes,
components, rules, subscriptions matched by id, event_type or key: added, removed, moved or
changed field by field), each changed graph of nodes drawn as a Mermaid flowchart, and the
full \`pulumi preview --diff\` collapsed at the end. Secrets are masked; the comment stays
under GitHub's 65,536 characters, with a note of what was cut. With policy packs, their
mandatory violations come first (the preview fails; each named with its object) and the
advisory ones in the summary row of their object. A plan that changes the login's look (page
template, branding, theme, prompt settings, custom texts, partials) gets a section of the login
screens it changes, with the texts' changes by screen and key; with --pictures, each screen is
drawn before and after (by the hosted login's renderer, in a headless Chromium, scripts off).
With --journeys, the login journeys rehearsed on a local tenant running the change
(\`pulumi-tenant rehearse --json\`) get a section: each passed, or the step where it failed and
why, with its pages' screenshots.

Options:
  --preview-json FILE  the output of \`pulumi preview --json\` (default: run it on the stack), or of
                       a streaming preview (PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true), which
                       also carries the policy packs' violations
  --policy-pack DIR    run the preview with this policy pack (repeatable; not with --preview-json:
                       give that preview's streaming JSON instead)
  --policy-pack-config FILE
                       the configuration of the policy pack of the same position
  --diff-file FILE     the output of \`pulumi preview --diff\` to keep collapsed (default: run it,
                       unless --preview-json is given)
  --stack NAME         the stack to preview (default: the project's selected stack)
  --cwd DIR            the Pulumi project folder (default: the current folder)
  --out FILE           where to write the comment (default: stdout)
  --title TEXT         the comment's heading (default: "Preview of stack <name>")
  --preview-exit CODE  the exit code of the preview that wrote --preview-json (the heading says
                       whether it succeeded)
  --pictures DIR       draw the changed login screens before and after as PNG files in DIR (made
                       when missing) and show them in the comment; needs Chromium (the \`chromium\`
                       package, or PULUMI_TENANT_CHROMIUM naming the executable): without one, the
                       comment says so and lists the changes without pictures
  --pictures-url URL   where DIR's files are published (the comment's image links start with it;
                       default: DIR as given, for a comment read beside the files)
  --journeys FILE      the results \`pulumi-tenant rehearse --json FILE\` wrote: the comment says, per
                       journey, passed or where it failed, with its screenshots and trace linked
  --journeys-url URL   where the rehearsal's folder is published (the links start with it; default:
                       the folder the results name, for a comment read beside the files)
  -h, --help           this text

Exit codes: 0 the comment is written and the preview succeeded; 2 the comment is written and
the preview reported errors (invalid input or mandatory policy violations, named in the
comment); 1 no comment (an error).`;

/** Exit codes of `review`. */
export const REVIEW_EXIT = { ok: 0, error: 1, previewErrors: 2 } as const;

/** Runs `pulumi <args>`; resolves with stdout even when the CLI fails (a failed preview still prints its JSON). */
function pulumi(
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; failed: boolean }> {
  const binary = path.join(pulumiBinDir(), "pulumi");
  const env = { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true", ...extraEnv };
  return new Promise((resolve) =>
    execFile(binary, [...args, "--non-interactive"], { cwd, env, maxBuffer: 1 << 30 }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, failed: error !== null }),
    ),
  );
}

/** The tenants' domains in the stack's configuration, by namespace (`tenant` → `x.eu.auth0.com`). */
async function tenantDomains(stackArgs: string[], cwd: string): Promise<Record<string, string>> {
  const result = await pulumi(["config", ...stackArgs, "--json"], cwd);
  if (result.failed) return {};
  try {
    const config = JSON.parse(result.stdout) as Record<string, { value?: unknown; secret?: boolean }>;
    return Object.fromEntries(
      Object.entries(config)
        .filter(([key, entry]) => key.endsWith(":domain") && !entry.secret && typeof entry.value === "string")
        .map(([key, entry]) => [key.slice(0, key.indexOf(":")), entry.value as string]),
    );
  } catch {
    return {};
  }
}

/** Reads `file`, saying which option named it when it cannot. */
function readOption(file: string, option: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${option} ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** Parses the preview JSON (a digest, or a streaming preview's events), saying what to do when it is neither. */
function parsePreview(text: string, source: string): { preview: PreviewJson; policies: PolicyViolation[] } {
  const events = parseEngineEventLines(text);
  if (events) return { preview: previewOfEvents(events), policies: policyViolationsOf(events) };
  try {
    return { preview: parsePreviewDigest(text), policies: [] };
  } catch (error) {
    const start = text.trim().split("\n")[0]?.slice(0, 200);
    throw new Error(
      `${source} is not the JSON of \`pulumi preview --json\` (it starts: ${start}). Run the preview with --json ` +
        "and give its standard output alone (not merged with its standard error).",
      { cause: error },
    );
  }
}

/** The digest `pulumi preview --json` prints. */
function parsePreviewDigest(text: string): PreviewJson {
  return JSON.parse(text) as PreviewJson;
}

/** Runs the `review` subcommand with its arguments; returns the exit code. */
export async function reviewCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      stack: { type: "string" },
      cwd: { type: "string" },
      "preview-json": { type: "string" },
      "diff-file": { type: "string" },
      out: { type: "string" },
      title: { type: "string" },
      "preview-exit": { type: "string" },
      "policy-pack": { type: "string", multiple: true },
      "policy-pack-config": { type: "string", multiple: true },
      pictures: { type: "string" },
      "pictures-url": { type: "string" },
      journeys: { type: "string" },
      "journeys-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${REVIEW_HELP}\n`);
    return REVIEW_EXIT.ok;
  }
  if (values["pictures-url"] !== undefined && values.pictures === undefined)
    throw new Error(
      "--pictures-url says where the pictures are published: give --pictures DIR too, the folder to draw them in",
    );
  if (values["journeys-url"] !== undefined && values.journeys === undefined)
    throw new Error(
      "--journeys-url says where the rehearsal's files are published: give --journeys FILE too, the results of `pulumi-tenant rehearse --json`",
    );
  let journeys: JourneyLinks | undefined;
  if (values.journeys !== undefined) {
    const results = parseJourneyResults(readOption(values.journeys, "--journeys"), values.journeys);
    journeys = { results, base: values["journeys-url"] ?? results.out };
  }
  const cwd = path.resolve(values.cwd ?? ".");
  const stackArgs = values.stack ? ["--stack", values.stack] : [];
  const packs = values["policy-pack"] ?? [];
  const packConfigs = values["policy-pack-config"] ?? [];
  if (packs.length > 0 && values["preview-json"] !== undefined) {
    throw new Error(
      "--policy-pack runs the preview, and --preview-json gives one already run: give one of them (for a preview " +
        "run elsewhere with policy packs, give its streaming JSON: PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json --policy-pack DIR)",
    );
  }
  if (packConfigs.length > 0 && packConfigs.length !== packs.length) {
    throw new Error(
      `--policy-pack-config is given ${packConfigs.length} times for ${packs.length} --policy-pack: give one per pack, in the same order`,
    );
  }
  const packArgs = [
    ...packs.flatMap((pack) => ["--policy-pack", path.resolve(pack)]),
    ...packConfigs.flatMap((file) => ["--policy-pack-config", path.resolve(file)]),
  ];
  let previewText: string;
  let diffText = values["diff-file"] === undefined ? undefined : readOption(values["diff-file"], "--diff-file");
  let previewFailed = false;
  let previewLog: string | undefined;
  if (values["preview-json"] !== undefined) {
    previewText = readOption(values["preview-json"], "--preview-json");
  } else {
    // With policy packs, the engine's events (the digest leaves their violations out).
    const streaming: Record<string, string> = packs.length > 0 ? { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" } : {};
    const run = await pulumi(["preview", ...stackArgs, "--json", ...packArgs], cwd, streaming);
    previewText = run.stdout;
    previewFailed = run.failed;
    previewLog = run.stderr;
    if (run.stdout.trim() === "") {
      throw new Error(`\`pulumi preview --json\` printed nothing in ${cwd}: ${run.stderr.trim().slice(-600)}`);
    }
    diffText ??= await pulumi(["preview", ...stackArgs, "--diff", "--color", "never", ...packArgs], cwd).then(
      (diff) => `${diff.stdout}${diff.stderr}`,
    );
  }
  const parsed = parsePreview(previewText, values["preview-json"] ?? "`pulumi preview --json`");
  const plan = { ...planOfPreview(parsed.preview), policies: parsed.policies };
  // The stack's configuration names the tenants' domains; with no stack named or previewed here, there is none to read.
  const tenants = values.stack || values["preview-json"] === undefined ? await tenantDomains(stackArgs, cwd) : {};
  const exit = values["preview-exit"] === undefined ? (previewFailed ? 1 : 0) : Number(values["preview-exit"]);
  if (!Number.isInteger(exit))
    throw new Error(`--preview-exit must be an exit code (a number), not ${values["preview-exit"]}`);
  const looks = lookReviews(plan, tenants);
  let pictures: PictureLinks | undefined;
  if (values.pictures !== undefined && looks.some((look) => look.pairs.length > 0)) {
    const outcome = await drawPictures(looks, path.resolve(values.pictures), findChromium());
    pictures = { outcome, base: values["pictures-url"] ?? values.pictures };
  }
  const comment = renderReview(plan, {
    looks,
    pictures,
    journeys,
    diffText,
    secrets: plan.secrets,
    tenants,
    title: values.title,
    previewExit: exit,
    previewLog,
  });
  if (values.out) fs.writeFileSync(values.out, comment);
  else process.stdout.write(comment);
  const failed =
    exit !== 0 ||
    plan.errors.length > 0 ||
    plan.changes.some((change) => change.errors.length > 0) ||
    plan.policies.some((violation) => violation.level === "mandatory");
  return failed ? REVIEW_EXIT.previewErrors : REVIEW_EXIT.ok;
}
