/**
 * Every test process gets its own PULUMI_HOME: the provider keeps its create journal
 * there, and tests must neither read nor leave one in the user's ~/.pulumi. (Pulumi CLI
 * runs get their own from scripts/lib/pulumi.ts; the CLI binaries live under $HOME.)
 * Under `npm test` they go in the run's folder (PULUMI_TENANT_TEST_ROOT), which
 * scripts/run-tests.ts removes at the end; a bare `npx jest` makes them in the system's
 * temporary folder.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

if (!process.env.PULUMI_TENANT_TEST_HOME) {
  process.env.PULUMI_TENANT_TEST_HOME = fs.mkdtempSync(
    path.join(process.env.PULUMI_TENANT_TEST_ROOT ?? os.tmpdir(), "tenant-test-home-"),
  );
}
process.env.PULUMI_HOME = process.env.PULUMI_TENANT_TEST_HOME;
