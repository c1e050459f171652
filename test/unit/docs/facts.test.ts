/**
 * The facts the docs state are their sources' facts: scopes and resources from the table of
 * kinds, configuration keys and environment variables from provider/client/settings.ts, the
 * CLI's commands and options from its own parser. A new kind, scope, key or option fails
 * here until `npm run docs` has written it into the docs.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { CONFIG_KEYS, ENV_KEYS, SETTING_NAMES } from "../../../provider/client/settings";
import {
  blockNames,
  cliCommands,
  DOCS_WITH_FACTS,
  dynamicToken,
  kindsInOrder,
  pluginToken,
  scopesOf,
  withFacts,
} from "../../../scripts/docs-facts";
import { ROOT, userMarkdown } from "./markdown";

const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), "utf8");

/** The facts of `expected` that `file` does not name (in backticks). */
const unnamed = (file: string, expected: readonly string[]): { file: string; missing: string[] } => {
  const text = read(file);
  return { file, missing: expected.filter((fact) => !text.includes(`\`${fact}\``)) };
};

/** Every option of every `parseArgs` call in provider/cli/: the CLI's own parser. */
function parserOptions(): string[] {
  const dir = path.join(ROOT, "provider/cli");
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
  const options = new Set<string>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === "parseArgs") {
        const config = node.arguments[0];
        const property =
          config && ts.isObjectLiteralExpression(config)
            ? config.properties.find((p) => p.name?.getText() === "options")
            : undefined;
        if (property && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer))
          for (const option of property.initializer.properties)
            if (option.name) options.add(option.name.getText().replace(/^["']|["']$/g, ""));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...options].sort();
}

describe("the facts of the docs", () => {
  it.each(DOCS_WITH_FACTS)("%s holds its generated blocks as `npm run docs` writes them", async (file) => {
    const text = read(file);
    expect(blockNames(text).length).toBeGreaterThan(0);
    expect(await withFacts(file, text)).toBe(text);
  });

  const kinds = kindsInOrder();
  const scopes = kinds.flatMap(([, spec]) => scopesOf(spec));

  it.each(["README.md", "docs/installation-configuration.md"])("%s names every scope of every kind", (file) => {
    expect(scopes).toEqual(expect.arrayContaining(["read:forms", "create:flows", "update:rate_limit_policies"]));
    expect(unnamed(file, scopes)).toEqual({ file, missing: [] });
  });

  it.each(["README.md", "docs/installation-configuration.md"])(
    "%s names every configuration key and its environment variable",
    (file) => {
      const facts = SETTING_NAMES.flatMap((name) => [CONFIG_KEYS[name], ENV_KEYS[name]]);
      expect(unnamed(file, facts)).toEqual({ file, missing: [] });
    },
  );

  it.each(["README.md", "docs/_index.md"])("%s names every resource's type tokens and every lookup", (file) => {
    const facts = kinds.flatMap(([, spec]) => [dynamicToken(spec.typeName), pluginToken(spec.typeName)]);
    const text = read(file);
    const lookups = kinds.flatMap(([, spec]) => spec.lookups.map((lookup) => lookup.name));
    expect({ ...unnamed(file, facts), lookups: lookups.filter((name) => !text.includes(`[${name}](`)) }).toEqual({
      file,
      missing: [],
      lookups: [],
    });
  });

  it("docs/cli.md shows every command and every option the CLI's parser takes", async () => {
    const text = read("docs/cli.md");
    const commands = await cliCommands();
    expect(commands).toEqual(expect.arrayContaining(["drift", "generate", "recover", "review"]));
    const options = parserOptions();
    expect(options).toEqual(expect.arrayContaining(["stack", "out", "unmanaged"]));
    expect({
      commands: commands.filter((command) => !text.includes(`### ${command}\n`)),
      options: options.filter((option) => !text.includes(`--${option}`)),
    }).toEqual({ commands: [], options: [] });
  });

  it("the installation page and the package's README name every runtime dependency of pulumi-tenant", () => {
    const dependencies = Object.keys(
      (JSON.parse(read("provider/package.json")) as { dependencies: Record<string, string> }).dependencies,
    );
    expect(dependencies).toContain("axios");
    expect(unnamed("docs/installation-configuration.md", dependencies)).toEqual({
      file: "docs/installation-configuration.md",
      missing: [],
    });
    const readme = read("provider/README.md");
    expect(dependencies.filter((name) => !readme.includes(name))).toEqual([]);
  });

  it("every AUTH0_* and PULUMI_TENANT_* variable the user docs name is read by the code", () => {
    const code = ["provider", "scripts", "server"]
      .flatMap((dir) =>
        fs
          .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
          .filter((file) => file.endsWith(".ts") || file.endsWith(".sh"))
          .filter((file) => !file.split(path.sep).some((part) => part === "node_modules" || part === "dist"))
          .map((file) => fs.readFileSync(path.join(ROOT, dir, file), "utf8")),
      )
      .join("\n");
    const named = new Set(
      userMarkdown().flatMap((file) => read(file).match(/\b(AUTH0|PULUMI_TENANT)_[A-Z_]+\b/g) ?? []),
    );
    const ciOnly = /^AUTH0_(PREVIEW|DEPLOY)_CLIENT_(ID|SECRET)$/; // GitHub names, mapped in examples/ci/*.yml
    expect([...named].filter((name) => !ciOnly.test(name) && !code.includes(name))).toEqual([]);
  });
});

describe("the user docs", () => {
  const files = userMarkdown();

  it("the README stays a ten-minute read (at most 250 lines), the rest in docs/", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(250);
    expect(read("README.md")).toContain("](docs/_index.md)");
  });

  it.each(files)("%s carries no session history: no commit hash, issue number or date", (file) => {
    const text = read(file);
    const history = [
      ...(text.match(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b/g) ?? []),
      ...(text.match(/\b[Ii]ssues? #?\d+\b/g) ?? []),
      ...(text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []),
      ...(text.match(/\bsince 0\.\d+/g) ?? []),
    ];
    expect({ file, history }).toEqual({ file, history: [] });
  });

  it.each(files)("%s says a refresh reads lists, never one GET per resource", (file) => {
    expect({ file, claims: read(file).match(/one GET per resource/g) ?? [] }).toEqual({ file, claims: [] });
  });
});
