/** The `generate` subcommand: a Pulumi program from a live tenant (see command.ts). */
export { generateCommand, GENERATE_EXIT, writeProgram } from "./command";
export { settingsFromFlags } from "./flags";
export { generateHelp } from "./help";
export type { SecretConfig } from "./model";
export type { GeneratedProgram } from "./program-parts";
export { buildProgram, type ProgramOptions } from "./typescript-program";
export { readTenant, type TenantSnapshot } from "./snapshot";

/** The command's one-line summary for `pulumi-tenant --help`. */
export const GENERATE_SUMMARY = "write a Pulumi program that adopts every object of a live tenant";
