/**
 * The facts the user docs state, written into them from their sources so that a new kind,
 * scope, configuration key or CLI option cannot leave the docs behind. A Markdown file holds
 * a generated block between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`;
 * `npm run docs` rewrites every block (then formats the file with prettier, as the
 * hand-written parts are), and test/unit/docs/ fails when a committed file differs.
 *
 * Blocks: `scopes` (each kind's scopes, from the table of kinds), `settings` (configuration
 * keys and environment variables, from provider/client/settings.ts), `kinds` (resources,
 * lookups and type tokens, from the table), `cli` (the `pulumi-tenant` commands' own help).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { kindNames, kindSpec, type KindSpec } from "../api";
import { CONFIG_KEYS, ENV_KEYS, SETTING_FACTS, SETTING_NAMES } from "../provider/client/settings";
import { TYPE_MODULE } from "../provider/lifecycle/tokens";
import { singletonWords } from "./lib/kind-words";
import { REPO_ROOT } from "./lib/pulumi";

/** The files that hold generated blocks, relative to the repository. */
export const DOCS_WITH_FACTS = [
  "README.md",
  "docs/_index.md",
  "docs/installation-configuration.md",
  "docs/cli.md",
] as const;

/** The dynamic provider's type token of a type name: part of every URN, never renamed. */
export const dynamicToken = (typeName: string): string => `pulumi-nodejs:dynamic/${TYPE_MODULE}:${typeName}`;
/** The plugin's type token of a type name. */
export const pluginToken = (name: string): string => `tenant:index:${name}`;

/** Each kind of the table (and any declared one), in order, with its facts. */
export function kindsInOrder(): [string, KindSpec][] {
  return kindNames().map((kind) => [kind, kindSpec(kind)!]);
}

/** The distinct scopes of a kind, in the order of its operations. */
export const scopesOf = (spec: KindSpec): string[] => [...new Set(Object.values(spec.scopes))];

/** A link from the folder of `from` to `target`, both relative to the repository. */
const linkFrom = (from: string, target: string): string =>
  path.posix.relative(path.posix.dirname(from), target) || path.posix.basename(target);

function scopesBlock(): string[] {
  return [
    "| Resource | Scopes | Note |",
    "|---|---|---|",
    ...kindsInOrder().map(
      ([, spec]) =>
        `| ${spec.typeName} | ${scopesOf(spec)
          .map((scope) => `\`${scope}\``)
          .join(
            " ",
          )} | ${spec.earlyAccess ? "Early Access: the tenant must have the feature and the client must be global" : ""} |`,
    ),
  ];
}

function settingsBlock(): string[] {
  return [
    "| Stack configuration | Environment variable | Secret | Meaning |",
    "|---|---|---|---|",
    ...SETTING_NAMES.map((name) => {
      const facts = SETTING_FACTS[name];
      return `| \`${CONFIG_KEYS[name]}\` | \`${ENV_KEYS[name]}\` | ${facts.secret ? "yes" : ""} | ${facts.description.replace(/\|/g, "\\|")} |`;
    }),
  ];
}

function kindsBlock(file: string): string[] {
  const reference = (name: string) => `[${name}](${linkFrom(file, `docs/reference/${name}.md`)})`;
  return [
    "| Resource | Dynamic TypeScript type token | Plugin type token | Lookups |",
    "|---|---|---|---|",
    ...kindsInOrder().map(
      ([, spec]) =>
        `| ${reference(spec.typeName)}${spec.singletonKey ? ` (one per ${singletonWords(spec).per})` : spec.shape === "singleton" ? " (one per tenant)" : ""} | \`${dynamicToken(spec.typeName)}\` | \`${pluginToken(spec.typeName)}\` | ${spec.lookups
          .map((lookup) => reference(lookup.name))
          .join(", ")} |`,
    ),
  ];
}

/** What `pulumi-tenant …args` prints on stdout (the CLI's own help). */
async function printed(args: string[]): Promise<string> {
  const { main } = await import("../provider/cli/index");
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  }) as typeof process.stdout.write;
  try {
    await main(args);
  } finally {
    process.stdout.write = write;
  }
  return chunks.join("").trimEnd();
}

/** The CLI's commands, read off its own usage (`pulumi-tenant --help`). */
export async function cliCommands(): Promise<string[]> {
  const usage = await printed(["--help"]);
  const commands = usage.split("Commands:\n")[1]?.split("\n\n")[0] ?? "";
  return commands
    .split("\n")
    .map((line) => /^ {2}(\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

async function cliBlock(): Promise<string[]> {
  const lines = ["```text", "$ npx pulumi-tenant --help", await printed(["--help"]), "```"];
  for (const command of await cliCommands())
    lines.push(
      "",
      `### ${command}`,
      "",
      "```text",
      `$ npx pulumi-tenant ${command} --help`,
      await printed([command, "--help"]),
      "```",
    );
  return lines;
}

/** The block `name` as it belongs in `file`. */
async function block(name: string, file: string): Promise<string[]> {
  switch (name) {
    case "scopes":
      return scopesBlock();
    case "settings":
      return settingsBlock();
    case "kinds":
      return kindsBlock(file);
    case "cli":
      return cliBlock();
    default:
      throw new Error(`${file}: no generated block named "${name}"`);
  }
}

const BLOCK = /(<!-- generated:([a-z]+) -->\n)[\s\S]*?(\n<!-- \/generated:\2 -->)/g;

/** `text` (the Markdown of `file`) with every generated block rewritten and the file formatted by prettier. */
export async function withFacts(file: string, text: string): Promise<string> {
  const names = [...text.matchAll(BLOCK)].map((match) => match[2]!);
  const blocks = new Map<string, string>();
  for (const name of names) blocks.set(name, (await block(name, file)).join("\n"));
  const filled = text.replace(
    BLOCK,
    (_all, open: string, name: string, close: string) => `${open}\n${blocks.get(name)!}\n${close}`,
  );
  return formatMarkdown(file, filled);
}

/**
 * `text` formatted by prettier with the repository's options, as `npx prettier --write` formats
 * the hand-written Markdown. In a child Node process: prettier 3 loads its formatter as an ES
 * module, which Jest's CommonJS runtime cannot do.
 */
function formatMarkdown(file: string, text: string): string {
  const prettier = pathToFileURL(require.resolve("prettier", { paths: [REPO_ROOT] })).href;
  const program = `
    const { default: prettier } = await import(${JSON.stringify(prettier)});
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    const options = (await prettier.resolveConfig(${JSON.stringify(path.join(REPO_ROOT, file))})) ?? {};
    process.stdout.write(await prettier.format(text, { ...options, parser: "markdown" }));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", program], { input: text, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`prettier could not format ${file}: ${run.stderr}`);
  return run.stdout;
}

/** The names of the generated blocks in `text`. */
export const blockNames = (text: string): string[] => [...text.matchAll(BLOCK)].map((match) => match[2]!);

/** Rewrites the generated blocks of every file of {@link DOCS_WITH_FACTS}; returns the files changed. */
export async function writeFacts(check = false): Promise<string[]> {
  const changed: string[] = [];
  for (const file of DOCS_WITH_FACTS) {
    const full = path.join(REPO_ROOT, file);
    const text = fs.readFileSync(full, "utf8");
    const next = await withFacts(file, text);
    if (next === text) continue;
    changed.push(file);
    if (!check) fs.writeFileSync(full, next);
  }
  return changed;
}
