/**
 * Every `pulumi config set --secret` a user is shown with a value on the line puts `--` before
 * it: a secret may start with `-` (generated client secrets do, one in 64), which the CLI would
 * otherwise read as a flag and refuse.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT, userMarkdown } from "./markdown";

const EXAMPLES = ["examples/realistic/index.ts", "examples/adopt/index.ts"];

/** `pulumi config set --secret [--path] <key> <value>` lines whose value is not after `--`. */
function unguarded(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /pulumi config set --secret\b/.test(line))
    .map((line) => line.slice(line.indexOf("pulumi config set --secret")).replace(/`.*$/, ""))
    .filter((command) => {
      const words = command
        .replace(/\s+#.*$/, "")
        .split(/\s+/)
        .slice(4);
      const [key, ...rest] = words.filter((word) => word !== "--path");
      // A literal word (`BEARER`) cannot start with `-`; a placeholder, an ellipsis or a `$(…)` can stand for one that does.
      return key !== undefined && rest.length > 0 && rest[0] !== "--" && rest[0] !== "<" && !/^\w+$/.test(rest[0]!);
    });
}

test("a secret set on the command line comes after `--` in every guide, the README and the examples", () => {
  const files = [...userMarkdown(), ...EXAMPLES.map((file) => path.join(ROOT, file))];
  const found = files.flatMap((file) =>
    unguarded(fs.readFileSync(file, "utf8")).map((command) => `${path.relative(ROOT, file)}: ${command}`),
  );
  expect(found).toEqual([]);
});

test("the check sees a value without `--`", () => {
  expect(unguarded("pulumi config set --secret tenant:clientSecret -abc")).toHaveLength(1);
  expect(unguarded("pulumi config set --secret tenant:clientSecret -- -abc")).toEqual([]);
  expect(unguarded("pulumi config set --secret crmToken     # prompts for it")).toEqual([]);
  expect(unguarded("pulumi config set --secret --path crmSetup.type BEARER")).toEqual([]);
  expect(unguarded('pulumi config set --secret key "$(jq -r .secret file.json)"')).toHaveLength(1);
});
