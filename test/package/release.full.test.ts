/**
 * The release as users get it (issue 29): one `npm run release` build (scripts/release.ts), each SDK
 * artifact installed into a fresh project the way its language's users install packages — npm from
 * the tarball, pip into a new virtual environment, Go by module version through a module proxy
 * (the release's goproxy folder, GOPROXY=file://…), Maven from a repository (the release's maven
 * folder) into a fresh local repository — and `pulumi up` of a one-form program there with NO
 * `plugins:` entry and NO `pulumi plugin install`: the engine, in a fresh PULUMI_HOME, downloads the
 * plugin itself. The SDKs carry the release host (`pluginDownloadURL`, github://api.github.com/pulumi-tenant);
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES (the CLI's mirror setting) points it at an HTTP server on
 * 127.0.0.1 serving the release folder, as GitHub serves a release's assets.
 *
 * Python: the program runs with the new virtual environment activated (its bin/ first on PATH, as
 * `source venv/bin/activate` does), as a user following a package's install notes would; the
 * `virtualenv:` option alone also works (test/e2e/language-options.full.test.ts).
 *
 * Prints FIGURE lines: the artifacts' sizes, and per language the install and `up` seconds.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { adminToken } from "../fixtures/realistic-tenant";
import { startTenantServer, type TenantServer } from "../../server/index";
import { ensureLanguages, openStack } from "../../scripts/lib/pulumi";
import { GO_MODULE, PLUGIN_DOWNLOAD_URL } from "../../provider/schema/package-schema";
import {
  MAVEN_ARTIFACT,
  MAVEN_GROUP,
  NPM_PACKAGE,
  PLUGIN_PLATFORMS,
  PULUMI_JAVA_VERSION,
  release,
  type Release,
} from "../../scripts/release";

jest.setTimeout(15 * 60 * 1000);

const PULUMI_VERSION = "3.248.0";
/** This machine's plugin platform, as the engine names it. */
const PLATFORM = `${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;

let tmp: string;
let binDir: string;
let rel: Release;
let tenant: TenantServer;
/** The release host: serves `/releases/v<version>/<asset>` from the release folder; records every request. */
let host: { server: Server; url: string; requests: string[] };

function startReleaseHost(dir: string, version: string): Promise<typeof host> {
  const requests: string[] = [];
  const prefix = `/releases/v${version}/`;
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    requests.push(url);
    const name = url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : "";
    const file = path.join(dir, name);
    if (!name || name.includes("/") || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }),
    ),
  );
}

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function timed(fn: () => void): number {
  const started = Date.now();
  fn();
  return (Date.now() - started) / 1000;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-release-test-"));
  binDir = ensureLanguages().binDir;
  const progress: string[] = [];
  const seconds = timed(() => {
    rel = release({ outDir: path.join(tmp, "release"), progress: (line) => progress.push(line) });
  });
  const sizes = progress.filter((line) => /^\s+[\d.]+ [KM]B\s/.test(line)).map((line) => line.trim());
  process.stdout.write(`FIGURE release ${rel.version} built in ${seconds.toFixed(0)} s: ${sizes.join("; ")}\n`);
  host = await startReleaseHost(rel.dir, rel.version);
  tenant = await startTenantServer({ port: 0, logger: false });
});

/**
 * Drops the tenant module of this version from Go's module cache, so that `go` takes it from the
 * release just built, not from an earlier run's build of the same version. (A module cache of the
 * test's own would avoid that too, but then Go recompiles the Pulumi SDK: minutes.)
 */
function purgeGoModule(): void {
  const cache = sh("go", ["env", "GOMODCACHE"], tmp).trim();
  for (const dir of [
    path.join(cache, `${GO_MODULE}@v${rel.version}`),
    path.join(cache, "cache", "download", GO_MODULE),
  ]) {
    if (!fs.existsSync(dir)) continue;
    execFileSync("chmod", ["-R", "u+w", dir]); // the module cache is read-only
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

afterAll(async () => {
  if (rel) purgeGoModule();
  await tenant?.close();
  if (host) await new Promise<void>((resolve) => host.server.close(() => resolve()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("one version, every artifact, each carrying the release host as pluginDownloadURL", () => {
  const v = rel.version;
  expect(rel.pluginDownloadURL).toBe(PLUGIN_DOWNLOAD_URL);
  for (const platform of PLUGIN_PLATFORMS)
    expect(path.basename(rel.plugins[platform])).toBe(`pulumi-resource-tenant-v${v}-${platform}.tar.gz`);
  expect(sh("tar", ["-tzf", rel.plugins["linux-amd64"]], tmp).split("\n")).toContain("./pulumi-resource-tenant");
  expect(path.basename(rel.npm)).toBe(`pulumi-tenant-sdk-${v}.tgz`);
  expect(path.basename(rel.wheel)).toBe(`pulumi_tenant-${v}-py3-none-any.whl`);
  expect(path.basename(rel.sdist)).toBe(`pulumi_tenant-${v}.tar.gz`);
  expect(path.relative(rel.dir, rel.jar)).toBe(`maven/io/github/pulumitenant/tenant/${v}/tenant-${v}.jar`);
  expect(path.relative(rel.dir, rel.goZip)).toBe(`goproxy/${GO_MODULE}/@v/v${v}.zip`);

  const npmManifest = JSON.parse(sh("tar", ["-xzOf", rel.npm, "package/package.json"], tmp)) as {
    name: string;
    version: string;
    main: string;
    pulumi: Record<string, unknown>;
  };
  expect(npmManifest).toMatchObject({ name: NPM_PACKAGE, version: v, main: "index.js" });
  expect(npmManifest.pulumi).toEqual({ resource: true, name: "tenant", version: v, server: PLUGIN_DOWNLOAD_URL });
  expect(sh("tar", ["-tzf", rel.npm], tmp)).toMatch(/package\/form\.js\n/);
  const pluginJson = (archive: string, entry: string) => JSON.parse(sh("unzip", ["-p", archive, entry], tmp)) as object;
  const expected = { resource: true, name: "tenant", version: v, server: PLUGIN_DOWNLOAD_URL };
  expect(pluginJson(rel.wheel, "pulumi_tenant/pulumi-plugin.json")).toEqual(expected);
  expect(pluginJson(rel.jar, "io/github/pulumitenant/tenant/plugin.json")).toEqual(expected);
  expect(pluginJson(rel.goZip, `${GO_MODULE}@v${v}/tenant/pulumi-plugin.json`)).toEqual(expected);
  // Go programs send the SDK's version and the download URL with every resource.
  const goVersion = sh("unzip", ["-p", rel.goZip, `${GO_MODULE}@v${v}/tenant/internal/pulumiUtilities.go`], tmp);
  expect(goVersion).toContain(`semver.MustParse("${v}")`);
  expect(goVersion).toContain(PLUGIN_DOWNLOAD_URL);
  expect(fs.readFileSync(rel.pom, "utf8")).toContain(`<artifactId>${MAVEN_ARTIFACT}</artifactId>`);
  const sums = fs.readFileSync(path.join(rel.dir, "SHA256SUMS"), "utf8");
  expect(sums).toContain(`  pulumi-resource-tenant-v${v}-linux-amd64.tar.gz\n`);
});

interface Program {
  /** Writes the program and installs the SDK artifact into `dir`, as a user would. */
  install(dir: string): void;
  /** More environment for the CLI and the language host. */
  env(dir: string): Record<string, string>;
}

const FORM_NAME = "Released sign-up";

const PROGRAMS: Record<"nodejs" | "python" | "go" | "java", Program> = {
  nodejs: {
    install(dir) {
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        "name: tenant-release-nodejs\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
      );
      fs.writeFileSync(path.join(dir, "package.json"), '{ "name": "tenant-release-nodejs", "private": true }\n');
      fs.writeFileSync(
        path.join(dir, "index.ts"),
        `import * as tenant from "${NPM_PACKAGE}";\n\n` +
          `const form = new tenant.Form("signup", { name: "${FORM_NAME}" });\nexport const formId = form.id;\n`,
      );
      sh(
        "npm",
        ["install", "--no-audit", "--no-fund", "--loglevel=error", `@pulumi/pulumi@${PULUMI_VERSION}`, rel.npm],
        dir,
        {
          ...process.env,
          npm_config_update_notifier: "false",
        },
      );
    },
    env: () => ({}),
  },
  python: {
    install(dir) {
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        "name: tenant-release-python\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n",
      );
      fs.writeFileSync(
        path.join(dir, "__main__.py"),
        `import pulumi\nimport pulumi_tenant as tenant\n\n` +
          `form = tenant.Form("signup", name="${FORM_NAME}")\npulumi.export("formId", form.id)\n`,
      );
      sh("python3", ["-m", "venv", "venv"], dir);
      // pulumi pinned to the CLI's version (the wheel asks for pulumi>=3.0.0,<4.0.0).
      sh(
        path.join(dir, "venv", "bin", "pip"),
        ["install", "--quiet", "--disable-pip-version-check", `pulumi==${PULUMI_VERSION}`, rel.wheel],
        dir,
      );
    },
    // Activated as a user following install notes would; `virtualenv:` alone would do too (see the top).
    env: (dir) => ({ PATH: path.join(dir, "venv", "bin"), VIRTUAL_ENV: path.join(dir, "venv") }),
  },
  go: {
    install(dir) {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: tenant-release-go\nruntime: go\n");
      fs.writeFileSync(
        path.join(dir, "go.mod"),
        `module tenant-release-go\n\ngo 1.25\n\nrequire (\n\t${GO_MODULE} v${rel.version}\n` +
          `\tgithub.com/pulumi/pulumi/sdk/v3 v${PULUMI_VERSION}\n)\n`,
      );
      fs.writeFileSync(
        path.join(dir, "main.go"),
        [
          "package main",
          "",
          "import (",
          `\t"${GO_MODULE}/tenant"`,
          '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
          ")",
          "",
          "func main() {",
          "\tpulumi.Run(func(ctx *pulumi.Context) error {",
          `\t\tform, err := tenant.NewForm(ctx, "signup", &tenant.FormArgs{Name: pulumi.String("${FORM_NAME}")})`,
          "\t\tif err != nil {",
          "\t\t\treturn err",
          "\t\t}",
          '\t\tctx.Export("formId", form.ID())',
          "\t\treturn nil",
          "\t})",
          "}",
          "",
        ].join("\n"),
      );
      purgeGoModule();
      sh("go", ["mod", "tidy"], dir, { ...process.env, ...PROGRAMS.go.env(dir) });
    },
    env: () => ({
      // The tenant module from the release's module proxy, the rest as usual (this machine's
      // module cache, then the public proxy); no checksum database knows the tenant module.
      GOPROXY: `file://${rel.goproxy},https://proxy.golang.org`,
      GONOSUMDB: "github.com/pulumi-tenant",
      // Go keeps an index of each module cache folder's files in its build cache, trusting that a
      // version never changes: after purgeGoModule the index of an earlier build of this version
      // would hide the files this release added (a new resource's .go file). No index, then.
      GODEBUG: "goindex=0",
    }),
  },
  java: {
    install(dir) {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: tenant-release-java\nruntime: java\n");
      fs.writeFileSync(
        path.join(dir, "pom.xml"),
        `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>tenant-release-java</artifactId>
  <version>1.0</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>17</maven.compiler.release>
  </properties>
  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>${PULUMI_JAVA_VERSION}</version>
    </dependency>
    <dependency>
      <groupId>${MAVEN_GROUP}</groupId>
      <artifactId>${MAVEN_ARTIFACT}</artifactId>
      <version>${rel.version}</version>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>exec-maven-plugin</artifactId>
        <version>3.5.0</version>
        <configuration>
          <mainClass>example.App</mainClass>
          <commandlineArgs>\${mainArgs}</commandlineArgs>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
`,
      );
      const source = path.join(dir, "src", "main", "java", "example");
      fs.mkdirSync(source, { recursive: true });
      fs.writeFileSync(
        path.join(source, "App.java"),
        [
          "package example;",
          "",
          "import com.pulumi.Pulumi;",
          "import io.github.pulumitenant.tenant.Form;",
          "import io.github.pulumitenant.tenant.FormArgs;",
          "",
          "public class App {",
          "    public static void main(String[] args) {",
          "        Pulumi.run(ctx -> {",
          `            var form = new Form("signup", FormArgs.builder().name("${FORM_NAME}").build());`,
          '            ctx.export("formId", form.id());',
          "        });",
          "    }",
          "}",
          "",
        ].join("\n"),
      );
      // A fresh local repository; the tenant artifact from the release's repository, everything
      // else from this machine's ~/.m2 (read as a repository) or Maven Central. Maven reads
      // .mvn/maven.config on every run, the language host's included.
      const repositories = [
        ["tenant-release", `file://${path.join(rel.dir, "maven")}`],
        ["machine-m2", `file://${path.join(os.homedir(), ".m2", "repository")}`],
      ];
      const entries = (tag: string) =>
        repositories.map(([id, url]) => `<${tag}><id>${id}</id><url>${url}</url></${tag}>`).join("");
      fs.writeFileSync(
        path.join(dir, "settings.xml"),
        `<settings><profiles><profile><id>release</id>` +
          `<repositories>${entries("repository")}</repositories>` +
          `<pluginRepositories>${entries("pluginRepository")}</pluginRepositories>` +
          `</profile></profiles><activeProfiles><activeProfile>release</activeProfile></activeProfiles></settings>\n`,
      );
      fs.mkdirSync(path.join(dir, ".mvn"));
      fs.writeFileSync(
        path.join(dir, ".mvn", "maven.config"),
        `-s\n${path.join(dir, "settings.xml")}\n-Dmaven.repo.local=${path.join(dir, ".m2")}\n`,
      );
      sh("mvn", ["-B", "-q", "compile"], dir);
    },
    env: () => ({}),
  },
};

describe.each(Object.keys(PROGRAMS) as (keyof typeof PROGRAMS)[])("a %s program on the released SDK", (language) => {
  test("installs the SDK artifact, and `up` gets the plugin from the release host by itself", async () => {
    const dir = path.join(tmp, language);
    fs.mkdirSync(dir);
    const program = PROGRAMS[language];
    const installSeconds = timed(() => program.install(dir));
    expect(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")).not.toMatch(/plugins:/);

    const home = path.join(dir, ".pulumi-home");
    const pluginDir = path.join(home, "plugins", `resource-tenant-v${rel.version}`);
    const asset = `/releases/v${rel.version}/pulumi-resource-tenant-v${rel.version}-${PLATFORM}.tar.gz`;
    const requestsBefore = host.requests.length;
    const stack = await openStack({
      workDir: dir,
      stackName: "release",
      binDir,
      place: { stateDir: path.join(dir, ".state"), homeDir: home, passphrase: "release-check" },
      tenant: {
        domain: tenant.url,
        clientId: tenant.credentials.clientId,
        clientSecret: tenant.credentials.clientSecret,
      },
      env: {
        ...program.env(dir),
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^github://api\\.github\\.com/pulumi-tenant/pulumi-tenant$=${host.url}/releases/v\${VERSION}`,
      },
    });
    expect(fs.existsSync(pluginDir)).toBe(false);
    const started = Date.now();
    const up = await stack.up();
    const upSeconds = (Date.now() - started) / 1000;
    expect(up.summary.result).toBe("succeeded");
    expect(String(up.outputs.formId?.value)).toMatch(/^ap_/);
    const form = await fetch(`${tenant.baseUrl}/forms`, {
      headers: { authorization: `Bearer ${await adminToken(tenant)}` },
    }).then((response) => response.json() as Promise<{ id: string; name: string }[]>);
    expect(form.find((f) => f.id === up.outputs.formId?.value)?.name).toBe(FORM_NAME);
    // The engine fetched the tarball for this platform from the release host and installed it into this PULUMI_HOME.
    expect(host.requests.slice(requestsBefore)).toContain(asset);
    expect(fs.existsSync(path.join(pluginDir, "pulumi-resource-tenant"))).toBe(true);
    process.stdout.write(
      `FIGURE release ${language}: install ${installSeconds.toFixed(1)} s, up (plugin download included) ${upSeconds.toFixed(1)} s\n`,
    );
  });
});
