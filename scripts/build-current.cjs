#!/usr/bin/env node
/**
 * Whether the build in dist/ is the build of the sources as they are now, so `npm test` after
 * `npm ci` (whose `prepare` built everything) does not build a second time.
 *
 *   node scripts/build-current.cjs write   after a build: records the sources it was built from
 *   node scripts/build-current.cjs check   exit 0 when no source changed since (else 1, saying so)
 *
 * A source is every file under the folders the build reads (api, server, provider, policy,
 * scripts, bench, examples/ci) and the package and TypeScript settings, by path, size and
 * modification time: a `git pull`, an edit or an `npm install` of other versions changes them.
 * Plain JavaScript: it runs before anything is compiled.
 */
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const STAMP = path.join(ROOT, "dist", ".build-sources");
const FOLDERS = ["api", "server", "provider", "policy", "scripts", "bench", "examples/ci"];
const FILES = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];
const SKIPPED = new Set(["node_modules", "dist", "bin", ".validators-test"]);

function fingerprint() {
  const hash = crypto.createHash("sha256");
  const add = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat) hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  const walk = (dir) => {
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith(".validators-test") || /^results.*\.json$/.test(entry.name))
        continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) add(full);
    }
  };
  for (const folder of FOLDERS) walk(path.join(ROOT, folder));
  for (const file of FILES) add(path.join(ROOT, file));
  return hash.digest("hex");
}

const command = process.argv[2];
if (command === "write") {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, `${fingerprint()}\n`);
} else if (command === "check") {
  const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8").trim() : "";
  if (built && built === fingerprint()) {
    process.stdout.write("The build in dist/ is current (no source changed since it was made): not building again.\n");
  } else {
    process.stdout.write(built ? "Sources changed since the last build: building.\n" : "No build yet: building.\n");
    process.exit(1);
  }
} else {
  process.stderr.write("build-current.cjs: say `write` (after a build) or `check`.\n");
  process.exit(2);
}
