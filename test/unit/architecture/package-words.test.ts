/**
 * What a package says of itself on the registry is true: the provider package's description
 * names every kind of the table (by its plural, as the docs name them), so a new kind cannot
 * leave it behind.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { KIND_NAMES, KINDS } from "../../../api";

const ROOT = path.resolve(__dirname, "../../..");

describe("the provider package's description", () => {
  const { description } = JSON.parse(fs.readFileSync(path.join(ROOT, "provider/package.json"), "utf8")) as {
    description: string;
  };

  it.each(KIND_NAMES)("names %s", (kind) => {
    expect({ kind, named: description.includes(KINDS[kind].plural) }).toEqual({ kind, named: true });
  });
});
