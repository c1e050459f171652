import * as fs from "node:fs";

/** The records of a JSON-lines file (one JSON value per line); none when the file is missing. */
export function readLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
