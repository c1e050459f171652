/**
 * The suites' Jest environment (test/environment.js), run by a Jest of its own on small test files:
 * a worker kept alive by a test names what keeps it alive and is still reported by Jest, one that
 * ends within the grace is not; workers that end clean print neither line.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";

const JEST = path.join(REPO_ROOT, "node_modules", "jest", "bin", "jest.js");
const ENVIRONMENT = path.join(REPO_ROOT, "test", "environment.js");
const JEST_LINE = "A worker process has failed to exit gracefully";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-environment-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Runs Jest on `files` (name → source) with the repository's environment and grace. Two files and
 * two workers, with no timings cached, make Jest run them in worker processes, one file each.
 */
function runJest(files: Record<string, string>): { status: number | null; stderr: string } {
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  fs.writeFileSync(
    path.join(dir, "jest.config.js"),
    `const repository = require(${JSON.stringify(path.join(REPO_ROOT, "jest.config.js"))});\n` +
      "module.exports = {\n" +
      "  rootDir: __dirname,\n" +
      "  testMatch: ['<rootDir>/*.test.js'],\n" +
      "  transform: {},\n" +
      `  testEnvironment: ${JSON.stringify(ENVIRONMENT)},\n` +
      "  workerGracefulExitTimeout: repository.workerGracefulExitTimeout,\n" +
      "};\n",
  );
  const result = spawnSync(
    process.execPath,
    [
      JEST,
      "--config",
      path.join(dir, "jest.config.js"),
      "--cacheDirectory",
      path.join(dir, "cache"),
      "--ci",
      "--maxWorkers=2",
    ],
    { cwd: dir, encoding: "utf8", timeout: 60_000 },
  );
  return { status: result.status, stderr: result.stderr };
}

test("a worker kept alive by a test file names the server that keeps it, and its file; Jest still reports it", () => {
  const { status, stderr } = runJest({
    "a.test.js": "test('passes', () => expect(1).toBe(1));\n",
    "b.test.js":
      "require('node:net').createServer().listen(0, '127.0.0.1');\n" +
      "test('leaves a server listening', () => expect(1).toBe(1));\n",
  });
  expect(status).toBe(0);
  const watch = stderr.split("\n").filter((line) => line.startsWith("jest worker "));
  expect(watch).toEqual([
    expect.stringMatching(
      /^jest worker \d+ is still alive 300 ms after its last test file; what keeps it alive: Server listening on \{"address":"127\.0\.0\.1".*\. Its last test files: b\.test\.js$/,
    ),
  ]);
  expect(stderr).toContain(JEST_LINE);
});

test("a worker that ends a second after its last file is given the time, not reported as a leak", () => {
  // What a worker of over a gigabyte does on a busy machine: its memory takes time to free after its last JavaScript.
  const { status, stderr } = runJest({
    "a.test.js": "test('passes', () => expect(1).toBe(1));\n",
    "b.test.js": "setTimeout(() => undefined, 1000);\ntest('ends a second later', () => expect(1).toBe(1));\n",
  });
  expect(status).toBe(0);
  expect(stderr).toMatch(
    /jest worker \d+ is still alive 300 ms after its last test file; what keeps it alive: 1 timer\(s\)/,
  );
  expect(stderr).not.toContain(JEST_LINE);
});

test("workers that end clean print neither line", () => {
  const { status, stderr } = runJest({
    "a.test.js": "test('passes', () => expect(1).toBe(1));\n",
    "b.test.js":
      "const server = require('node:net').createServer();\n" +
      "beforeAll((done) => { server.listen(0, '127.0.0.1', done); });\n" +
      "afterAll((done) => { server.close(done); });\n" +
      "test('closes its server', () => expect(server.listening).toBe(true));\n",
  });
  expect(status).toBe(0);
  expect(stderr).not.toContain("jest worker ");
  expect(stderr).not.toContain(JEST_LINE);
});
