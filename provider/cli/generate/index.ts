/** The `generate` subcommand: a Pulumi program from a live tenant (see command.ts). */
export { generateCommand, GENERATE_EXIT, generateHelp, settingsFromFlags, writeProgram } from "./command";
export { buildProgram, type GeneratedProgram, type ProgramOptions, type SecretConfig } from "./program";
export { readTenant, type TenantSnapshot } from "./snapshot";

/** The command's one-line summary for `pulumi-tenant --help`. */
export const GENERATE_SUMMARY = "write a Pulumi program that adopts every object of a live tenant";
