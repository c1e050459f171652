/** The CI guide names exactly the GitHub secrets and variables the workflows of examples/ci/ use. */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "./markdown";

/** The distinct `secrets.X` and `vars.X` of `text`, sorted. */
export function githubNames(text: string): { secrets: string[]; vars: string[] } {
  const names = (kind: string) =>
    [
      ...new Set([...text.matchAll(new RegExp(`\\b${kind}\\.([A-Z][A-Z0-9_]*)`, "g"))].map((match) => match[1]!)),
    ].sort();
  return { secrets: names("secrets"), vars: names("vars") };
}

describe("the CI guide", () => {
  const workflows = fs
    .readdirSync(path.join(ROOT, "examples/ci"))
    .filter((file) => file.endsWith(".yml"))
    .map((file) => fs.readFileSync(path.join(ROOT, "examples/ci", file), "utf8"))
    .join("\n");
  const guide = fs.readFileSync(path.join(ROOT, "docs/guides/ci-github-actions.md"), "utf8");

  it("names exactly the secrets and variables the workflows use", () => {
    const used = githubNames(workflows);
    expect(used.secrets.length).toBeGreaterThan(0);
    expect(githubNames(guide)).toEqual(used);
  });

  it("reads `secrets.X` and `vars.X` (a missing one would differ)", () => {
    expect(githubNames("${{ secrets.A_1 }} ${{ vars.B }} secrets.A_1")).toEqual({ secrets: ["A_1"], vars: ["B"] });
  });
});
