/**
 * The committed SDKs (sdk/nodejs, sdk/python, sdk/go) are what `npm run sdk` generates from
 * the current schema.json: a change to the table of kinds that was not followed by
 * `npm run sdk` fails here, naming the files.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compareTrees, ensureCodegen, generateSdks, SDK_DIR } from "../../scripts/sdk";
import { REPO_ROOT } from "../../scripts/lib/pulumi";

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

test("the comparison names a changed, a missing and an extra file", () => {
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
