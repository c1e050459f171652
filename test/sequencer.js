/**
 * Jest's order of suites under `npm test`: the heaviest first, by the seconds of the file that
 * scripts/run-tests.ts names in PULUMI_TENANT_TEST_ORDER (the last run's figures, or the committed
 * test/durations.json on a fresh clone), so two workers do not end with one long suite alone.
 * A suite with no figure yet (a new file) starts first. Without the variable (a bare `npx jest`),
 * Jest's own order.
 */
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

class HeaviestFirst extends Sequencer {
  sort(tests) {
    const file = process.env.PULUMI_TENANT_TEST_ORDER;
    if (!file || !fs.existsSync(file)) return super.sort(tests);
    let suites;
    try {
      suites = JSON.parse(fs.readFileSync(file, "utf8")).suites ?? {};
    } catch {
      return super.sort(tests);
    }
    const seconds = (test) => {
      const relative = path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/");
      return suites[relative] ?? Number.POSITIVE_INFINITY;
    };
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path));
  }
}

module.exports = HeaviestFirst;
