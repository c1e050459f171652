/**
 * The command line of every script of the repository (scripts/*.ts, bench/*.ts), parsed
 * strictly: an option the script does not know, or a value where none belongs, stops it
 * before it does anything, naming the option and listing the ones it takes. A script that
 * ignored an unknown option would do something other than what was asked (as `npm run drift
 * -- --unmanaged` once did) and say nothing.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** The option table `parseArgs` takes. */
export type ScriptOptions = NonNullable<ParseArgsConfig["options"]>;

/** Exit code of a script given options it does not take. */
export const USAGE_EXIT = 1;

/** How a script is invoked and what it takes besides its options. */
export interface ScriptArgsConfig {
  /** Words after the options (`bench/profile.ts` takes files); refused unless allowed. */
  allowPositionals?: boolean;
  /** The arguments (default: this process's, after node and the script). */
  argv?: string[];
}

/** The options of `options`, listed for a person (`--stack NAME, --json`). */
function listOptions(options: ScriptOptions): string {
  const names = Object.entries(options).map(([name, option]) => `--${name}${option.type === "string" ? " VALUE" : ""}`);
  return names.length > 0 ? names.join(", ") : "none";
}

/**
 * Parses the arguments of script `command` (as a person runs it: `npm run drift`) with
 * `node:util` `parseArgs` in strict mode. On an unknown option (or a missing value) it
 * writes what was wrong and the options the script takes to stderr and exits with
 * {@link USAGE_EXIT}.
 */
export function parseScriptArgs<const O extends ScriptOptions>(
  command: string,
  options: O,
  config: ScriptArgsConfig = {},
): ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: boolean }>> {
  const args = config.argv ?? process.argv.slice(2);
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: config.allowPositionals ?? false });
  } catch (error) {
    const problem = error instanceof Error ? error.message.replace(/\.?$/, "") : String(error);
    process.stderr.write(`${command}: ${problem}.\n${command} takes: ${listOptions(options)}.\n`);
    process.exit(USAGE_EXIT);
  }
}
