/** The `pulumi-tenant` command itself: its usage, its version, and each command's usage line. */
import * as fs from "node:fs";
import * as path from "node:path";
import { cli } from "./run-cli";

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, "../../../../provider/package.json"), "utf8")) as {
  version: string;
};

describe("pulumi-tenant", () => {
  test("with no arguments prints the usage and exits 0, as `pulumi` does", async () => {
    const { code, stdout, stderr } = await cli([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: pulumi-tenant <command>/);
    expect(stderr).toBe("");
    expect((await cli(["--help"])).stdout).toBe(stdout);
  });

  test.each([["--version"], ["version"]])("%s prints the package's version and exits 0", async (word) => {
    expect(await cli([word])).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  test("the usage says how to get the version", async () => {
    expect((await cli([])).stdout).toContain("`pulumi-tenant --version`");
  });

  test("an unknown command is an error: exit 1, the usage on stderr", async () => {
    const { code, stdout, stderr } = await cli(["versions"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("unknown command 'versions'");
    expect(stderr).toContain("Usage: pulumi-tenant <command>");
  });

  test.each(["drift", "recover", "review"])("the usage line of %s names every option its help lists", async (name) => {
    const { stdout } = await cli([name, "--help"]);
    const usage = stdout.split("\n\n")[0]!;
    const options = stdout.slice(stdout.indexOf("\nOptions:\n"));
    const listed = [...options.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]!);
    expect(listed.length).toBeGreaterThan(2);
    for (const option of listed.filter((flag) => flag !== "--help"))
      expect(usage).toMatch(new RegExp(`\\[${option}[ \\]]`));
  });
});
