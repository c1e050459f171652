/**
 * The checkout guard (scripts/lib/checkout-guard.ts) on a fake checkout in a temporary folder: the
 * files it plants are found unchanged when nothing touched them; a changed, a removed and a
 * created file are each named; what it does not record (build outputs, node_modules, .git) is
 * ignored; a running user server's data folder may change but not lose a file, while a folder of
 * a server this run started, or of a server that is gone, is held to every file; and nothing is
 * planted over a user's file.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  compareSnapshots,
  describeCheckoutChanges,
  isUnchanged,
  plantUserFiles,
  PLANTED_MARK,
  removePlanted,
  snapshotCheckout,
  userFiles,
  type SnapshotOptions,
} from "../../../scripts/lib/checkout-guard";
import { isRunning } from "../../../scripts/lib/process-tree";

let root: string;
/** This test's run: its own marker, so that the outer run's (under `npm test`) does not count. */
const run: SnapshotOptions = { runMarker: { name: "CHECKOUT_GUARD_TEST_RUN", value: `${process.pid}-${Date.now()}` } };
const snapshot = () => snapshotCheckout(root, run);

function write(relative: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), content);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(process.env.PULUMI_TENANT_TEST_ROOT ?? os.tmpdir(), "checkout-guard-"));
  write("provider/package.json", JSON.stringify({ name: "pulumi-tenant", version: "1.2.3" }));
  write("policy/package.json", JSON.stringify({ name: "pulumi-tenant-policy", version: "4.5.6" }));
  write("README.md", "# a checkout\n");
  write("Pulumi.yaml", "name: tenant-demo\n");
  write("examples/real-tenant/Pulumi.yaml", "name: tenant-production\n");
  write("examples/adopt/Pulumi.yaml", "name: tenant-adopt\n");
  write("test/e2e/program/Pulumi.yaml", "name: tenant-e2e\n");
  fs.symlinkSync("README.md", path.join(root, "readme-link"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A process that is not a descendant of this one (its parent shell has exited), as a user's server is. */
function orphan(env: NodeJS.ProcessEnv = process.env): number {
  const started = spawnSync("sh", ["-c", "sleep 300 >/dev/null 2>&1 & echo $!"], { encoding: "utf8", env });
  const pid = Number(started.stdout.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`could not start a background process: ${started.stderr}`);
  return pid;
}

function end(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Gone already.
  }
}

describe("planting a user's files", () => {
  test("plants every user file where absent, with its mark; found unchanged when nothing touched them", () => {
    const planted = plantUserFiles(root);
    expect(planted.files.sort()).toEqual(Object.keys(userFiles(root)).sort());
    expect(planted.files).toEqual(
      expect.arrayContaining([
        "examples/real-tenant/Pulumi.production.yaml",
        "pulumi-tenant-1.2.3.tgz",
        "pulumi-tenant-policy-4.5.6.tgz",
        "Pulumi.demo.yaml",
        ".tenant/credentials.json",
        ".pulumi-demo/state/x",
        "dist/release/x",
        "test/e2e/program/Pulumi.e2e.yaml",
        "examples/adopt/Pulumi.dev.yaml",
      ]),
    );
    for (const file of planted.files) expect(fs.readFileSync(path.join(root, file), "utf8")).toContain(PLANTED_MARK);
    expect(JSON.parse(fs.readFileSync(path.join(root, ".tenant/credentials.json"), "utf8"))).toMatchObject({
      planted: PLANTED_MARK,
    });
    expect(planted.folders).toEqual(
      expect.arrayContaining([".tenant", ".pulumi-demo", ".pulumi-demo/state", "dist", "dist/release"]),
    );
    expect(fs.statSync(path.join(root, ".tenant")).mode & 0o077).toBe(0);

    const before = snapshot();
    for (const file of planted.files) expect(before.files.has(file)).toBe(true);
    expect(compareSnapshots(before, snapshot())).toEqual({ created: [], removed: [], changed: [] });
  });

  test("never plants over a user's file or link; removes exactly what it planted and the folders it made, if empty", () => {
    write("examples/real-tenant/Pulumi.production.yaml", "config:\n  mine: true\n");
    write("dist/release/0.2.0/SHA256SUMS", "the user's release\n");
    fs.symlinkSync("/nowhere", path.join(root, "Pulumi.demo.yaml"));
    const planted = plantUserFiles(root);
    expect(planted.files).not.toContain("examples/real-tenant/Pulumi.production.yaml");
    expect(planted.files).not.toContain("Pulumi.demo.yaml");
    expect(planted.folders).not.toContain("dist");
    expect(planted.folders).not.toContain("dist/release");
    expect(fs.readFileSync(path.join(root, "examples/real-tenant/Pulumi.production.yaml"), "utf8")).toBe(
      "config:\n  mine: true\n",
    );
    expect(fs.readlinkSync(path.join(root, "Pulumi.demo.yaml"))).toBe("/nowhere");

    // A file the user made in a folder the guard created, meanwhile: the folder stays, with it.
    write(".pulumi-demo/state/theirs", "kept\n");
    removePlanted(planted);
    for (const file of planted.files) expect(fs.existsSync(path.join(root, file))).toBe(false);
    expect(fs.existsSync(path.join(root, ".tenant"))).toBe(false);
    expect(fs.readFileSync(path.join(root, ".pulumi-demo/state/theirs"), "utf8")).toBe("kept\n");
    expect(fs.readFileSync(path.join(root, "examples/real-tenant/Pulumi.production.yaml"), "utf8")).toBe(
      "config:\n  mine: true\n",
    );
    expect(fs.readFileSync(path.join(root, "dist/release/0.2.0/SHA256SUMS"), "utf8")).toBe("the user's release\n");
    expect(fs.readlinkSync(path.join(root, "Pulumi.demo.yaml"))).toBe("/nowhere");
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8")).toBe("# a checkout\n");
  });
});

describe("comparing snapshots", () => {
  test("a changed, a removed and a created file are each named; a link is compared by its target", () => {
    const planted = plantUserFiles(root);
    const before = snapshot();
    fs.writeFileSync(path.join(root, "examples/real-tenant/Pulumi.production.yaml"), "overwritten by a test\n");
    fs.rmSync(path.join(root, "pulumi-tenant-1.2.3.tgz"));
    write("test/e2e/program/Pulumi.other.yaml", "left by a test\n");
    fs.rmSync(path.join(root, "readme-link"));
    fs.symlinkSync("Pulumi.yaml", path.join(root, "readme-link"));
    const changes = compareSnapshots(before, snapshot());
    expect(changes).toEqual({
      created: ["test/e2e/program/Pulumi.other.yaml"],
      removed: ["pulumi-tenant-1.2.3.tgz"],
      changed: ["examples/real-tenant/Pulumi.production.yaml", "readme-link"],
    });
    expect(isUnchanged(changes)).toBe(false);
    expect(describeCheckoutChanges(changes)).toEqual([
      "removed: pulumi-tenant-1.2.3.tgz",
      "changed: examples/real-tenant/Pulumi.production.yaml",
      "changed: readme-link",
      "created: test/e2e/program/Pulumi.other.yaml",
    ]);
    removePlanted(planted);
  });

  test("build outputs, node_modules, .git and the tests' ignored folders are not recorded; dist/release is", () => {
    const ignored = [
      ".git/HEAD",
      "node_modules/x/index.js",
      "examples/realistic/node_modules/y.js",
      "dist/scripts/demo.js",
      "provider/dist/index.js",
      "server/dist/server/cli.js",
      "policy/dist/index.js",
      "bench/programs/plugin-js/bin/index.js",
      "test-artifacts/review/comment.png",
      "coverage/lcov.info",
    ];
    const before = snapshot();
    for (const file of ignored) write(file, "built\n");
    write("dist/release/0.2.0/SHA256SUMS", "released\n");
    write("distant.txt", "not dist/\n");
    const after = snapshot();
    for (const file of ignored) expect(after.files.has(file)).toBe(false);
    expect(compareSnapshots(before, after)).toEqual({
      created: ["dist/release/0.2.0/SHA256SUMS", "distant.txt"],
      removed: [],
      changed: [],
    });
    expect(isUnchanged(compareSnapshots(after, snapshot()))).toBe(true);
  });
});

describe("a tenant server's data folder", () => {
  const dataFiles = () => {
    write(".tenant/credentials.json", '{"domain":"http://127.0.0.1:4010"}\n');
    write(".tenant/tenant.db", "rows\n");
    write(".tenant/server.log", "started\n");
  };

  test("of a user's running server (its server.lock): may change and grow, but a file that disappears is named", () => {
    const server = orphan();
    try {
      dataFiles();
      write(".tenant/server.lock", JSON.stringify({ pid: server, startedAt: "2026-12-05T00:00:00Z" }));
      const before = snapshot();
      expect(before.liveFolders).toEqual([".tenant"]);
      write(".tenant/tenant.db", "more rows\n");
      write(".tenant/server.log", "started\nserved\n");
      write(".tenant/tenant.db-wal", "journal\n");
      expect(compareSnapshots(before, snapshot())).toEqual({ created: [], removed: [], changed: [] });

      fs.rmSync(path.join(root, ".tenant/credentials.json"));
      write("README.md", "changed outside the data folder\n");
      expect(compareSnapshots(before, snapshot())).toEqual({
        created: [],
        removed: [".tenant/credentials.json"],
        changed: ["README.md"],
      });
    } finally {
      end(server);
    }
  });

  test("of the demo's running server: only its data folder may change, the demo's state beside it may not", () => {
    const server = orphan();
    try {
      write(".pulumi-demo/tenant/tenant.db", "rows\n");
      write(".pulumi-demo/tenant/server.lock", JSON.stringify({ pid: server, url: "http://127.0.0.1:4010" }));
      write(".pulumi-demo/state/stack.json", "{}\n");
      const before = snapshot();
      expect(before.liveFolders).toEqual([".pulumi-demo/tenant"]);
      write(".pulumi-demo/tenant/tenant.db", "more rows\n");
      write(".pulumi-demo/state/stack.json", '{"changed":true}\n');
      // Only the server's folder is its own: the demo's state beside it is held to every byte.
      expect(compareSnapshots(before, snapshot())).toEqual({
        created: [],
        removed: [],
        changed: [".pulumi-demo/state/stack.json"],
      });
    } finally {
      end(server);
    }
  });

  test("of a server this run started (a child, or one whose parent is gone carrying the run's marker), or of one that is gone: every change is named", async () => {
    const child = spawn("sleep", ["300"], { stdio: "ignore" });
    const marked = orphan({ ...process.env, [run.runMarker!.name]: run.runMarker!.value });
    const gone = orphan();
    end(gone);
    for (let i = 0; i < 100 && isRunning(gone); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      for (const [folder, pid] of [
        ["a", child.pid!],
        ["b", marked],
        ["c", gone],
      ] as const) {
        write(`data-${folder}/tenant.db`, "rows\n");
        write(`data-${folder}/server.lock`, JSON.stringify({ pid, startedAt: "2026-12-05T00:00:00Z" }));
      }
      const before = snapshot();
      expect(before.liveFolders).toEqual([]);
      for (const folder of ["a", "b", "c"]) write(`data-${folder}/tenant.db`, "more rows\n");
      expect(compareSnapshots(before, snapshot()).changed).toEqual([
        "data-a/tenant.db",
        "data-b/tenant.db",
        "data-c/tenant.db",
      ]);
    } finally {
      child.kill("SIGKILL");
      end(marked);
    }
  });
});
