/**
 * The committed SDKs (sdk/nodejs, sdk/python, sdk/go, sdk/java) are what `npm run sdk` generates
 * from the current schema.json: a change to the table of kinds that was not followed by
 * `npm run sdk` fails here, naming the files. The Go SDK has Go's names and passes `go vet`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compareTrees, ensureCodegen, generateSdks, SDK_DIR } from "../../scripts/sdk";
import { REPO_ROOT } from "../../scripts/lib/pulumi";
import { programCopy } from "../scratch";
import { GO_MODULE } from "../../provider/schema/package-schema";

jest.setTimeout(5 * 60 * 1000);

test("sdk/ is current with schema.json (else run `npm run sdk` and commit sdk/)", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-check-"));
  try {
    generateSdks(ensureCodegen(), path.join(REPO_ROOT, "schema.json"), work);
    expect(fs.readdirSync(work).sort()).toEqual(["go", "java", "nodejs", "python"]);
    expect(compareTrees(work, SDK_DIR)).toEqual([]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test("the comparison names a changed, a missing and an extra file, not pip's build output", () => {
  const a = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-a-"));
  const b = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-b-"));
  try {
    fs.mkdirSync(path.join(a, "go"));
    fs.writeFileSync(path.join(a, "go", "same.go"), "x");
    fs.writeFileSync(path.join(a, "go", "changed.go"), "new");
    fs.writeFileSync(path.join(a, "go", "missing.go"), "m");
    fs.mkdirSync(path.join(b, "go"));
    fs.writeFileSync(path.join(b, "go", "same.go"), "x");
    fs.writeFileSync(path.join(b, "go", "changed.go"), "old");
    fs.writeFileSync(path.join(b, "go", "extra.go"), "e");
    // What `pip install` of sdk/python builds in place is not part of the SDK.
    fs.mkdirSync(path.join(b, "python", "build", "lib"), { recursive: true });
    fs.writeFileSync(path.join(b, "python", "build", "lib", "x.py"), "");
    fs.mkdirSync(path.join(b, "python", "pulumi_tenant.egg-info"), { recursive: true });
    fs.writeFileSync(path.join(b, "python", "pulumi_tenant.egg-info", "PKG-INFO"), "");
    expect(compareTrees(a, b)).toEqual([
      "go/changed.go: out of date",
      "go/missing.go: missing",
      "go/extra.go: no longer generated",
    ]);
  } finally {
    fs.rmSync(a, { recursive: true, force: true });
    fs.rmSync(b, { recursive: true, force: true });
  }
});

/** Exported Go names declared in `source`: functions, methods, types and struct fields. */
function exportedGoNames(source: string): string[] {
  const declarations = [
    /^func (?:\([^)]*\) )?([A-Z]\w*)/gm, // functions and methods
    /^type ([A-Z]\w*)/gm,
    /^\t([A-Z]\w*) +[^=(]/gm, // struct fields (one tab deep)
  ];
  return declarations.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

test("the Go SDK has Go's names (no exported name with an underscore) and passes go vet", () => {
  const dir = path.join(SDK_DIR, "go", "tenant");
  const names = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".go"))
    .flatMap((file) => exportedGoNames(fs.readFileSync(path.join(dir, file), "utf8")));
  expect(names).toEqual(expect.arrayContaining(["NextNode", "WebhookAuthorization", "ConsumerSelector"]));
  expect(names.filter((name) => name.includes("_"))).toEqual([]);
  // Vetted from the languages tests' Go program, whose go.mod points at sdk/go (and pins its dependencies):
  // from its copy, as `-mod=mod` may rewrite go.mod and go.sum.
  const program = programCopy("go-vet", path.join(REPO_ROOT, "test", "e2e", "languages", "go"));
  try {
    execFileSync("go", ["vet", `${GO_MODULE}/tenant/...`], {
      cwd: program.program,
      env: { ...process.env, GOFLAGS: "-mod=mod" },
      stdio: ["ignore", "pipe", "pipe"],
    });
  } finally {
    program.remove();
  }
});

test("every Java example of the schema compiles against the Java SDK (sdk/java)", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "schema.json"), "utf8")) as Record<
    "resources" | "functions",
    Record<string, { description?: string }>
  >;
  const examples = [...Object.entries(schema.resources), ...Object.entries(schema.functions)].flatMap(([token, spec]) =>
    [...(spec.description ?? "").matchAll(/```java\n([\s\S]*?)\n```/g)].map((m) => ({ token, code: m[1]! })),
  );
  // Every resource and every function carries one.
  expect(examples.map((example) => example.token).sort()).toEqual(
    [...Object.keys(schema.resources), ...Object.keys(schema.functions)].sort(),
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "java-examples-"));
  try {
    const program = path.join(REPO_ROOT, "test", "e2e", "languages", "java");
    fs.copyFileSync(path.join(program, "pom.xml"), path.join(work, "pom.xml"));
    examples.forEach(({ code }, index) => {
      const dir = path.join(work, "src", "main", "java", "examples", `e${index}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "App.java"), `package examples.e${index};\n\n${code}\n`);
    });
    const sdk = path.join(REPO_ROOT, "sdk", "java", "src", "main");
    try {
      execFileSync("mvn", ["-B", "-q", `-Dsdk.dir=${sdk}`, "compile"], { cwd: work, encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`the Java examples do not compile:\n${stdout ?? ""}${stderr ?? ""}`, { cause: error });
    }
    expect(fs.existsSync(path.join(work, "target", "classes", "examples", "e0", "App.class"))).toBe(true);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
