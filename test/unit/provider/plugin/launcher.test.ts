/**
 * The plugin's launcher (provider/bin/pulumi-resource-tenant) checks Node.js before it execs the
 * server: missing or older than 20 is a message saying what to install; 20 and later runs
 * dist/provider/plugin/server.js with the engine's arguments. A fake `node` on PATH stands in.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const LAUNCHER = path.join(__dirname, "..", "..", "..", "..", "provider", "bin", "pulumi-resource-tenant");

function launch(fakeNode: string | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-launcher-"));
  try {
    if (fakeNode !== undefined) {
      fs.writeFileSync(path.join(dir, "node"), `#!/bin/sh\n${fakeNode}\n`, { mode: 0o755 });
    }
    // The one tool the launcher runs besides node; the real node is not on this PATH.
    fs.symlinkSync(
      spawnSync("/bin/sh", ["-c", "command -v dirname"], { encoding: "utf8" }).stdout.trim(),
      path.join(dir, "dirname"),
    );
    const env = { PATH: dir };
    const result = spawnSync("/bin/sh", [LAUNCHER, "127.0.0.1:1234"], { env, encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("plugin launcher", () => {
  it("says to install Node.js when there is none", () => {
    const result = launch(undefined);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("node (>= 20) is not on PATH");
  });

  it("refuses a Node.js older than 20, naming its version", () => {
    const result = launch('[ "$1" = --version ] && echo v18.19.1 && exit 0; echo ran "$@"');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("node v18.19.1 is too old; install Node.js 20 or later");
    expect(result.stdout).not.toContain("ran");
  });

  it("execs the compiled server with the engine's arguments on Node.js 20 and later", () => {
    for (const version of ["v20.0.0", "v22.11.0", "v100.1.0"]) {
      const result = launch(`[ "$1" = --version ] && echo ${version} && exit 0; echo ran "$@"`);
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toMatch(
        /^ran \S+\/provider\/bin\/\.\.\/dist\/provider\/plugin\/server\.js 127\.0\.0\.1:1234$/,
      );
    }
  });
});
