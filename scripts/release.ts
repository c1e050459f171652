/**
 * `npm run release [-- --version X] [--out DIR] [--plugin-download-url URL]`: every artifact of one
 * version in one folder (default dist/release/<version>/), laid out as the release host serves it:
 *
 *   pulumi-resource-tenant-v<X>-<os>-<arch>.tar.gz   the resource plugin, named as the engine asks for
 *                                                    it (linux and darwin, amd64 and arm64: the plugin
 *                                                    is Node.js code, the four are the same bytes)
 *   schema.json                                      the package schema (YAML programs need only it)
 *   nodejs/pulumi-tenant-sdk-<X>.tgz                 npm: @pulumi-tenant/sdk, compiled JavaScript
 *   python/pulumi_tenant-<X>-py3-none-any.whl        PyPI: pulumi_tenant, wheel and sdist
 *   python/pulumi_tenant-<X>.tar.gz
 *   maven/io/github/pulumitenant/tenant/<X>/tenant-<X>.{jar,pom} Maven: io.github.pulumitenant:tenant, a repository layout
 *   goproxy/<module>/@v/{list,v<X>.info,.mod,.zip}   Go: the module github.com/pulumi-tenant/pulumi-tenant/sdk/go
 *                                                    as a GOPROXY folder (file:// or any static HTTP server)
 *   SHA256SUMS
 *
 * Run it as `npm run release`, which builds first (the plugin is packed from provider/dist as it is).
 * The version is provider/package.json's (`--version` must match it: bump it there first). The SDKs
 * are generated afresh from a schema of that version whose `pluginDownloadURL` is the release host
 * (package-schema.ts PLUGIN_DOWNLOAD_URL, or `--plugin-download-url`): every SDK carries it, so the
 * engine downloads the plugin itself the first time a program uses the SDK. Progress and the
 * artifacts' sizes go to stderr; the folder's path to stdout.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { GO_MODULE, PACKAGE_NAME, PLUGIN_DOWNLOAD_URL, packageSchema } from "../provider/schema/package-schema";
import { ensureLanguages, REPO_ROOT } from "./lib/pulumi";
import { packPlugin } from "./plugin-pack";
import { ensureCodegen, generateSdks, listFiles } from "./sdk";
import { parseScriptArgs } from "./lib/args";
import { JAVA_BASE_PACKAGE } from "../provider/schema/identity";
import { packNodeSdk } from "../provider/cli/generate/provider-source";

/** The platforms a plugin tarball is written for (the launcher is a POSIX shell script: no Windows). */
export const PLUGIN_PLATFORMS = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64"] as const;
/** Maven coordinates of the Java SDK (those of the generated Gradle build, sdk/java/build.gradle). */
export const MAVEN_GROUP = JAVA_BASE_PACKAGE;
export const MAVEN_ARTIFACT = PACKAGE_NAME;
/** The Pulumi Java SDK the jar is compiled against and its pom requires (the Java host's version). */
export const PULUMI_JAVA_VERSION = "1.12.0";
export const NPM_PACKAGE = "@pulumi-tenant/sdk";
export const PYTHON_PACKAGE = "pulumi_tenant";

/** What `release` wrote, by artifact (paths are absolute). */
export interface Release {
  version: string;
  dir: string;
  pluginDownloadURL: string;
  plugins: Record<(typeof PLUGIN_PLATFORMS)[number], string>;
  schema: string;
  npm: string;
  wheel: string;
  sdist: string;
  jar: string;
  pom: string;
  /** The GOPROXY folder (GOPROXY=file://<goproxy>). */
  goproxy: string;
  goZip: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function sha(file: string, algorithm: "sha1" | "md5" | "sha256"): string {
  return createHash(algorithm).update(fs.readFileSync(file)).digest("hex");
}

function human(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The wheel and the sdist, by setuptools' PEP 517 hooks in the Python environment the project keeps. */
function buildPython(sdk: string, python: string, outDir: string): { wheel: string; sdist: string } {
  fs.mkdirSync(outDir, { recursive: true });
  // Each from a clean copy: setuptools' discovery takes a build's leftovers for a second package.
  const build = (hook: "build_wheel" | "build_sdist"): string => {
    const copy = `${sdk}-${hook}`;
    fs.cpSync(sdk, copy, { recursive: true });
    const name = run(
      python,
      ["-c", `import sys; from setuptools import build_meta as b; print(b.${hook}(sys.argv[1]))`, outDir],
      copy,
    )
      .trim()
      .split("\n")
      .pop()!;
    return path.join(outDir, name);
  };
  return { wheel: build("build_wheel"), sdist: build("build_sdist") };
}

/** The pom users' builds read: coordinates, the Pulumi Java SDK and what the generated code imports. */
function publishedPom(version: string, description: string): string {
  const dependency = (group: string, artifact: string, v: string) =>
    `    <dependency>\n      <groupId>${group}</groupId>\n      <artifactId>${artifact}</artifactId>\n      <version>${v}</version>\n    </dependency>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${MAVEN_GROUP}</groupId>
  <artifactId>${MAVEN_ARTIFACT}</artifactId>
  <version>${version}</version>
  <packaging>jar</packaging>
  <name>${MAVEN_GROUP}:${MAVEN_ARTIFACT}</name>
  <description>${description}</description>
  <url>https://github.com/pulumi-tenant/pulumi-tenant</url>
  <licenses>
    <license>
      <name>The Apache License, Version 2.0</name>
      <url>http://www.apache.org/licenses/LICENSE-2.0.txt</url>
    </license>
  </licenses>
  <dependencies>
${dependency("com.pulumi", "pulumi", PULUMI_JAVA_VERSION)}${dependency("com.google.code.gson", "gson", "2.8.9")}${dependency("com.google.code.findbugs", "jsr305", "3.0.2")}  </dependencies>
  <!--BUILD-->
</project>
`;
}

/** The jar (compiled by Maven for Java 11, as the generated Gradle build targets) and its pom, in a repository layout. */
function buildJava(sdk: string, version: string, description: string, repo: string): { jar: string; pom: string } {
  const pom = publishedPom(version, description);
  const build = `<properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
  </properties>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
    </plugins>
  </build>`;
  fs.writeFileSync(path.join(sdk, "pom.xml"), pom.replace("<!--BUILD-->", build));
  run("mvn", ["-B", "-q", "package", "-DskipTests"], sdk);
  const dir = path.join(repo, ...MAVEN_GROUP.split("."), MAVEN_ARTIFACT, version);
  fs.mkdirSync(dir, { recursive: true });
  const jar = path.join(dir, `${MAVEN_ARTIFACT}-${version}.jar`);
  const pomFile = path.join(dir, `${MAVEN_ARTIFACT}-${version}.pom`);
  fs.copyFileSync(path.join(sdk, "target", `${MAVEN_ARTIFACT}-${version}.jar`), jar);
  fs.writeFileSync(pomFile, pom.replace("  <!--BUILD-->\n", ""));
  // Checksums beside each file, as a Maven repository serves them (Maven warns without).
  for (const file of [jar, pomFile]) {
    fs.writeFileSync(`${file}.sha1`, sha(file, "sha1"));
    fs.writeFileSync(`${file}.md5`, sha(file, "md5"));
  }
  return { jar, pom: pomFile };
}

/**
 * The Go module as a module proxy serves it (`<module>/@v/list`, `.info`, `.mod`, `.zip`): a zip of
 * sdk/go whose entries sit under `<module>@v<version>/`.
 */
function buildGo(sdk: string, version: string, goproxy: string, stage: string): string {
  const tag = `v${version}`;
  const root = path.join(stage, "gozip");
  const prefix = path.join(root, `${GO_MODULE}@${tag}`);
  fs.mkdirSync(path.dirname(prefix), { recursive: true });
  fs.cpSync(sdk, prefix, { recursive: true });
  const dir = path.join(goproxy, GO_MODULE, "@v");
  fs.mkdirSync(dir, { recursive: true });
  const zip = path.join(dir, `${tag}.zip`);
  // -X: no extra attributes, -D: no directory entries (a module zip holds files only).
  run("zip", ["-q", "-r", "-X", "-D", zip, `${GO_MODULE}@${tag}`], root);
  fs.copyFileSync(path.join(sdk, "go.mod"), path.join(dir, `${tag}.mod`));
  fs.writeFileSync(
    path.join(dir, `${tag}.info`),
    `${JSON.stringify({ Version: tag, Time: new Date().toISOString() })}\n`,
  );
  fs.writeFileSync(path.join(dir, "list"), `${tag}\n`);
  return zip;
}

export interface ReleaseOptions {
  version?: string;
  outDir?: string;
  pluginDownloadURL?: string;
  progress?: (line: string) => void;
}

/** Builds every artifact of one version into one folder (emptied first). */
export function release(options: ReleaseOptions = {}): Release {
  const progress = options.progress ?? (() => undefined);
  const own = (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "provider", "package.json"), "utf8")) as { version: string }
  ).version;
  const version = options.version ?? own;
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`--version ${version}: expected MAJOR.MINOR.PATCH`);
  if (version !== own)
    throw new Error(
      `--version ${version} is not provider/package.json's version (${own}): set it there first ` +
        `(npm version ${version} --workspace provider --no-git-tag-version), so the plugin reports the version the SDKs ask for.`,
    );
  const pluginDownloadURL = options.pluginDownloadURL ?? PLUGIN_DOWNLOAD_URL;
  const dir = path.resolve(options.outDir ?? path.join(REPO_ROOT, "dist", "release", version));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-release-"));
  const step = (n: number, text: string) => progress(`[${n}/6] ${text}`);
  try {
    step(1, `schema ${version}, pluginDownloadURL ${pluginDownloadURL}; generating the SDKs`);
    const schema = packageSchema(version, { pluginDownloadURL }) as { description: string };
    const schemaFile = path.join(dir, "schema.json");
    fs.writeFileSync(schemaFile, `${JSON.stringify(schema, null, 2)}\n`);
    const { pythonVenv } = ensureLanguages();
    const sdks = path.join(stage, "sdk");
    generateSdks(ensureCodegen(), schemaFile, sdks);

    step(2, "the resource plugin (npm pack of provider/ with its production dependencies)");
    // `npm run release` (and `npm test`, before the release test) has just built provider/.
    const { tarball } = packPlugin(stage, (line) => progress(`      ${line}`), { build: false });
    const plugins = {} as Release["plugins"];
    for (const platform of PLUGIN_PLATFORMS) {
      plugins[platform] = path.join(dir, `pulumi-resource-${PACKAGE_NAME}-v${version}-${platform}.tar.gz`);
      fs.copyFileSync(tarball, plugins[platform]);
    }

    step(3, `npm: ${NPM_PACKAGE} (tsc, npm pack)`);
    const nodejs = path.join(sdks, "nodejs");
    const npm = packNodeSdk(nodejs, {
      version,
      outDir: path.join(dir, "nodejs"),
      nodeModules: path.join(REPO_ROOT, "node_modules"),
      files: [path.join(nodejs, "README.md"), path.join(REPO_ROOT, "LICENSE")],
      description:
        "Pulumi SDK of the tenant provider: forms, flows and vault connections, actions and their bindings, the login page template, event streams and rate limit policies.",
    });

    step(4, `Python: ${PYTHON_PACKAGE} wheel and sdist (setuptools)`);
    const { wheel, sdist } = buildPython(
      path.join(sdks, "python"),
      path.join(pythonVenv, "bin", "python"),
      path.join(dir, "python"),
    );

    step(5, `Java: ${MAVEN_GROUP}:${MAVEN_ARTIFACT} jar and pom (mvn package)`);
    const { jar, pom } = buildJava(path.join(sdks, "java"), version, schema.description, path.join(dir, "maven"));

    step(6, `Go: module ${GO_MODULE} v${version} (module proxy layout)`);
    const goproxy = path.join(dir, "goproxy");
    const goZip = buildGo(path.join(sdks, "go"), version, goproxy, stage);

    const files = listFiles(dir).filter((file) => !/\.(sha1|md5)$/.test(file));
    fs.writeFileSync(
      path.join(dir, "SHA256SUMS"),
      files.map((file) => `${sha(path.join(dir, file), "sha256")}  ${file}\n`).join(""),
    );
    const shown = [...Object.values(plugins).slice(0, 1), schemaFile, npm, wheel, sdist, jar, pom, goZip];
    progress(`wrote ${dir}:`);
    for (const file of shown) progress(`  ${human(fs.statSync(file).size).padStart(9)}  ${path.relative(dir, file)}`);
    progress(`  (the plugin tarball for each of ${PLUGIN_PLATFORMS.join(", ")}: the same bytes)`);
    return {
      version,
      dir,
      pluginDownloadURL,
      plugins,
      schema: schemaFile,
      npm,
      wheel,
      sdist,
      jar,
      pom,
      goproxy,
      goZip,
    };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const { values: flags } = parseScriptArgs("npm run release", {
    version: { type: "string" },
    out: { type: "string" },
    "plugin-download-url": { type: "string" },
  });
  const started = Date.now();
  try {
    const result = release({
      version: flags.version,
      outDir: flags.out,
      pluginDownloadURL: flags["plugin-download-url"],
      progress: (line) => process.stderr.write(`release: ${line}\n`),
    });
    process.stderr.write(`release: done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    process.stdout.write(`${result.dir}\n`);
  } catch (error) {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
