#!/usr/bin/env node
/**
 * The `pulumi-tenant` command: `drift` (is the tenant what the code says? which objects does
 * no stack manage?), `generate` (a Pulumi program from a live tenant) and `recover` (what a
 * killed run left pending, before the next `up`), `review` (the pull-request comment of a
 * preview) and `rehearse` (a login journey played in Chromium on a local tenant). `pulumi-tenant <command> --help` describes each, `pulumi-tenant --version` names the
 * installed package's version.
 */
import { DRIFT_EXIT, driftCommand } from "./drift";
import { GENERATE_SUMMARY, generateCommand } from "./generate";
import { ownPackage } from "./generate/command";
import { recoverCommand } from "./recover";
import { REHEARSE_SUMMARY, rehearseCommand } from "./rehearse/command";
import { REVIEW_SUMMARY, reviewCommand } from "./review/command";

/** A command: its line in the usage, and what runs it (each prints its own `--help`). */
type Command = { summary: string; run: (args: string[]) => Promise<number> };

const COMMANDS: Record<string, Command> = {
  drift: {
    summary: "report resources whose tenant object no longer matches the code",
    run: driftCommand,
  },
  generate: { summary: GENERATE_SUMMARY, run: generateCommand },
  recover: {
    summary: "finish the creates a killed `pulumi up` left pending (run it before `pulumi up` in CI)",
    run: recoverCommand,
  },
  review: { summary: REVIEW_SUMMARY, run: reviewCommand },
  rehearse: { summary: REHEARSE_SUMMARY, run: rehearseCommand },
};

function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(10)} ${command.summary}`);
  return (
    `Usage: pulumi-tenant <command> [options]\n\nCommands:\n${rows.join("\n")}\n\n` +
    "Run `pulumi-tenant <command> --help` for a command's options and exit codes, and\n" +
    "`pulumi-tenant --version` (or `version`) for the version of the installed package."
  );
}

/** The words that print the usage, and those that print the version (as `pulumi` takes them). */
const HELP_WORDS = new Set(["--help", "-h", "help"]);
const VERSION_WORDS = new Set(["--version", "version"]);

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  // No arguments asks what the command does: the usage, and success, as `pulumi` answers.
  if (name === undefined || HELP_WORDS.has(name)) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (VERSION_WORDS.has(name)) {
    const version = ownPackage()?.version;
    if (version) process.stdout.write(`${version}\n`);
    else process.stderr.write(`pulumi-tenant: no package.json of pulumi-tenant above ${__dirname}: reinstall it.\n`);
    return version ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`pulumi-tenant: unknown command '${name}'.\n\n${usage()}\n`);
    return 1;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // An error of another realm (a test's VM context) is no `instanceof Error`: read its message all the same.
    const message =
      typeof (error as Error | undefined)?.message === "string" ? (error as Error).message : String(error);
    const usageError =
      (error as { code?: unknown } | undefined)?.code?.toString().startsWith("ERR_PARSE_ARGS") ?? false;
    const hint = usageError ? ` See \`pulumi-tenant ${name} --help\`.` : "";
    process.stderr.write(`pulumi-tenant ${name}: ${message}${hint}\n`);
    return DRIFT_EXIT.error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
