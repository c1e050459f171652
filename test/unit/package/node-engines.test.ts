/**
 * The README's Node.js requirement (the root's and the packages' `engines.node`, 20.19) holds for
 * every package the lock file installs: a dependency that declares a newer Node.js (cookie 2 came
 * in through fastify → light-my-request and asked for Node 22) is pinned to one that does not, in
 * the root's `overrides`, or dropped.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { minVersion, satisfies } from "semver";
import { REPO_ROOT } from "../../../scripts/lib/pulumi";
import { askingNewerNode, installedCount, type LockEntry } from "../../fixtures/lock-engines";

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), "utf8")) as T;

describe("the Node.js requirement", () => {
  const required = read<{ engines: { node: string } }>("package.json").engines.node;
  const oldest = minVersion(required)!.version;

  it("is the same for the workspace and each published package, and the README says it", () => {
    expect(oldest).toBe("20.19.0");
    for (const manifest of ["provider/package.json", "server/package.json"])
      expect(read<{ engines?: { node?: string } }>(manifest).engines?.node).toBe(required);
    expect(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8")).toContain("Node.js 20.19 or later");
  });

  it("every package the lock file installs runs on the oldest Node.js it allows", () => {
    const packages = read<{ packages: Record<string, LockEntry> }>("package-lock.json").packages;
    expect(installedCount(packages)).toBeGreaterThan(100);
    expect(askingNewerNode(packages, oldest)).toEqual([]);
  });

  it("reads a range as npm does (a package asking for Node 22 would be named)", () => {
    expect(satisfies(oldest, ">=22")).toBe(false);
    expect(satisfies(oldest, "^18.18.0 || ^20.9.0 || >=21.1.0")).toBe(true);
  });
});
