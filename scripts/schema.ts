/**
 * `npm run schema`: writes `schema.json`, the Pulumi package schema derived from the table
 * of kinds (provider/schema/package-schema.ts). The build runs it, so the file never drifts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../provider/schema/package-schema";
import { parseScriptArgs } from "./lib/args";

parseScriptArgs("npm run schema", {});
const root = join(__dirname, "..", "..");
const { version } = JSON.parse(readFileSync(join(root, "provider", "package.json"), "utf8")) as { version: string };
const target = join(root, "schema.json");
writeFileSync(target, `${JSON.stringify(packageSchema(version), null, 2)}\n`);
console.log(`wrote ${target}`);
