/** The Pulumi package schema: derived from the table of kinds, valid for Pulumi, complete. */
import Ajv2020 from "ajv/dist/2020";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { outputSchemaOf } from "../../../../provider/lifecycle/outputs";
import { KIND_NAMES, KINDS, type JsonSchema } from "../../../../api";
import { GO_MODULE, packageSchema, PLUGIN_DOWNLOAD_URL } from "../../../../provider/schema/package-schema";
import { schemaName } from "../../../../provider/schema/names";
import { JAVA_BASE_PACKAGE, PROJECT_IDENTITY } from "../../../../provider/schema/identity";

const root = join(__dirname, "..", "..", "..", "..");
const version = (JSON.parse(readFileSync(join(root, "provider", "package.json"), "utf8")) as { version: string })
  .version;
const schema = packageSchema(version) as {
  resources: Record<string, { inputProperties: Record<string, unknown>; properties: Record<string, unknown> }>;
  functions: Record<string, { inputs: { properties: Record<string, unknown> } }>;
  types: Record<string, { properties: Record<string, unknown> }>;
  config: { variables: Record<string, { secret?: boolean }> };
};
const PULUMI_VERSION = "3.248.0";
const METASCHEMA = join(
  process.env.GOMODCACHE ?? join(homedir(), "go", "pkg", "mod"),
  `github.com/pulumi/pulumi/pkg/v3@v${PULUMI_VERSION}/codegen/schema/pulumi.json`,
);
const PULUMI = join(
  process.env.PULUMI_TENANT_BIN ?? join(homedir(), ".pulumi", "versions", PULUMI_VERSION, "bin"),
  "pulumi",
);

/** Names of the properties marked `secret: true` anywhere under `value`. */
function secretNames(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value !== "object" || value === null) return found;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === "object" && child !== null && (child as { secret?: unknown }).secret === true) found.add(key);
    secretNames(child, found);
  }
  return found;
}

describe("the Pulumi package schema", () => {
  it("is the committed schema.json (npm run schema writes it; nobody edits it by hand)", () => {
    expect(JSON.parse(readFileSync(join(root, "schema.json"), "utf8"))).toEqual(schema);
  });

  it("names the release host as pluginDownloadURL, and a mirror's when a release gives one", () => {
    expect(packageSchema("1.2.3").pluginDownloadURL).toBe(PLUGIN_DOWNLOAD_URL);
    const mirror = "https://mirror.example.com/pulumi-tenant/v${VERSION}";
    expect(packageSchema("1.2.3", { pluginDownloadURL: mirror })).toMatchObject({
      version: "1.2.3",
      pluginDownloadURL: mirror,
    });
  });

  it("validates against Pulumi's package metaschema", () => {
    expect(existsSync(METASCHEMA)).toBe(true);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const valid = ajv.compile(JSON.parse(readFileSync(METASCHEMA, "utf8")) as JsonSchema);
    expect(valid(schema) ? [] : valid.errors).toEqual([]);
  });

  it("binds in the Pulumi CLI (pulumi package get-schema exits 0)", () => {
    expect(() =>
      execFileSync(PULUMI, ["package", "get-schema", join(root, "schema.json")], { stdio: "pipe", timeout: 60_000 }),
    ).not.toThrow();
  });

  it("has a resource, its inputs and outputs, and a function per lookup, for every kind of the table", () => {
    for (const kind of KIND_NAMES) {
      const spec = KINDS[kind];
      const resource = schema.resources[`tenant:index:${spec.typeName}`]!;
      expect(resource).toBeDefined();
      const inputSchema: JsonSchema = spec.shape === "singleton" ? spec.responseSchema : spec.createSchema;
      // The schema's names are camelCase (`nextNode`); the plugin maps them to the API's (`next_node`).
      const inputs = Object.keys(inputSchema.properties as object).map(schemaName);
      expect(Object.keys(resource.inputProperties).sort()).toEqual([...inputs].sort());
      // What the resource outputs: GET's answer for a kind of its own files, else its inputs and timestamps.
      const outputs = Object.keys(outputSchemaOf(spec).properties as object)
        .filter((key) => key !== "id")
        .map(schemaName);
      expect(Object.keys(resource.properties).sort()).toEqual(outputs.sort());
      for (const lookup of spec.lookups) {
        const fn = schema.functions[`tenant:index:${lookup.name}`]!;
        expect(Object.keys(fn.inputs.properties).sort()).toEqual(lookup.args.map((a) => schemaName(a.name)).sort());
      }
    }
  });

  it("marks secret every secret of the table and the two secret settings, and nothing else", () => {
    const declared = KIND_NAMES.flatMap((kind) =>
      KINDS[kind].secretPaths.map((path) => schemaName(String(path.at(-1)))),
    );
    // Read from the table: every kind whose create schema marks a field secret declares its paths.
    const marking = KIND_NAMES.filter((kind) =>
      /"(secret|writeOnly)":true/.test(JSON.stringify(KINDS[kind].createSchema)),
    );
    expect(marking.length).toBeGreaterThan(0);
    for (const kind of marking)
      expect({ kind, paths: KINDS[kind].secretPaths.length > 0 }).toEqual({ kind, paths: true });
    expect([...secretNames(schema)].sort()).toEqual([...new Set([...declared, "clientSecret", "apiToken"])].sort());
    for (const kind of KIND_NAMES) {
      const spec = KINDS[kind];
      const resource = schema.resources[`tenant:index:${spec.typeName}`]!;
      // Each secret is reached from the resource itself: its path's first property leads to a marked type.
      for (const path of spec.secretPaths) expect(resource.properties[schemaName(String(path[0]))]).toBeDefined();
    }
  });

  it("describes every resource, function, configuration key and property (the table's fieldDocs): 0 without", () => {
    const undescribed: string[] = [];
    const check = (properties: Record<string, unknown> | undefined, where: string) => {
      for (const [name, spec] of Object.entries(properties ?? {}))
        if (typeof (spec as { description?: unknown }).description !== "string") undescribed.push(`${where}.${name}`);
    };
    const full = schema as unknown as {
      resources: Record<string, { description?: string; inputProperties: object; properties: object }>;
      functions: Record<
        string,
        { description?: string; inputs: { properties: object }; outputs: { properties: object } }
      >;
      types: Record<string, { properties: object }>;
      config: { variables: object };
    };
    for (const [token, resource] of Object.entries(full.resources)) {
      if (!resource.description) undescribed.push(token);
      check(resource.inputProperties as Record<string, unknown>, `${token} input`);
      check(resource.properties as Record<string, unknown>, token);
    }
    for (const [token, fn] of Object.entries(full.functions)) {
      if (!fn.description) undescribed.push(token);
      check(fn.inputs.properties as Record<string, unknown>, `${token} argument`);
      check(fn.outputs.properties as Record<string, unknown>, `${token} result`);
    }
    for (const [token, type] of Object.entries(full.types)) check(type.properties as Record<string, unknown>, token);
    check(full.config.variables as Record<string, unknown>, "config");
    expect(undescribed).toEqual([]);
  });

  it("gives every resource and function an example in TypeScript, Python, Go, Java and YAML", () => {
    const full = schema as unknown as {
      resources: Record<string, { description: string }>;
      functions: Record<string, { description: string }>;
    };
    const described = [...Object.entries(full.resources), ...Object.entries(full.functions)];
    expect(described.length).toBeGreaterThan(8);
    for (const [token, { description }] of described) {
      const languages = [...description.matchAll(/^```(\w+)$/gm)].map((match) => match[1]);
      expect({ token, languages }).toEqual({ token, languages: ["typescript", "python", "go", "java", "yaml"] });
      expect(description).toContain("{{% examples %}}");
    }
  });

  it("names every property in camelCase: no underscore in any property name", () => {
    const names: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        if (["properties", "inputProperties"].includes(key) && typeof child === "object" && child !== null)
          names.push(...Object.keys(child));
        walk(child);
      }
    };
    walk(schema);
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => name.includes("_"))).toEqual([]);
  });

  it("has object types for nodes, the 27 component types, destinations and rate limit configurations", () => {
    const names = Object.keys(schema.types).map((token) => token.replace("tenant:index:", ""));
    const components = names.filter((name) => /^FormComponent[A-Za-z0-9]+$/.test(name) && !name.includes("Config"));
    expect(components.length).toBe(27);
    expect(names).toEqual(expect.arrayContaining(["FormNodeStep", "FormNodeFlow", "FormNodeRouter"]));
    expect(names).toEqual(expect.arrayContaining(["EventStreamDestinationWebhook", "RateLimitConfigurationRedirect"]));
  });
});

describe("the published identity of every package", () => {
  const json = (file: string) => JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown>;
  const { publisher, repository, homepage, keywords } = PROJECT_IDENTITY;

  it("the schema names the publisher, repository, home page and keywords", () => {
    expect(schema).toMatchObject({ publisher, repository, homepage, keywords: [...keywords] });
    expect(repository).toBe(`https://${GO_MODULE.replace(/\/sdk\/go$/, "")}`);
  });

  it("the Java SDK is in the project's own namespace, not Pulumi's com.pulumi", () => {
    expect(schema).toMatchObject({ language: { java: { basePackage: JAVA_BASE_PACKAGE } } });
    expect(JAVA_BASE_PACKAGE).not.toMatch(/^com\.pulumi\b/);
    expect(JAVA_BASE_PACKAGE).toMatch(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)+$/);
  });

  it.each(["provider/package.json", "server/package.json"])("%s states the same repository and home page", (file) => {
    const workspace = file.split("/")[0];
    expect(json(file)).toMatchObject({
      author: publisher,
      homepage,
      repository: { type: "git", url: `git+${repository}.git`, directory: workspace },
      bugs: { url: `${repository}/issues` },
      keywords: expect.arrayContaining(["auth0", "identity"]),
    });
  });

  it("the committed SDKs carry them (npm run sdk writes them from the schema)", () => {
    expect(json("sdk/nodejs/package.json")).toMatchObject({ repository, homepage, keywords: [...keywords] });
    const pyproject = readFileSync(join(root, "sdk", "python", "pyproject.toml"), "utf8");
    expect(pyproject).toContain(`Repository = "${repository}"`);
    expect(pyproject).toContain(`Homepage = "${homepage}"`);
    const gradle = readFileSync(join(root, "sdk", "java", "build.gradle"), "utf8");
    expect(gradle).toContain(`group = "${JAVA_BASE_PACKAGE}"`);
    expect(gradle).not.toContain('group = "com.pulumi"');
  });
});
