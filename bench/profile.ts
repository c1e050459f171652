/**
 * `node dist/bench/profile.js <dir or .cpuprofile>...`: where the time of profiled
 * processes went (made by `npm run bench -- --cpu-prof`, which profiles every Node.js
 * process of the Pulumi operations into bench/profiles/<run>/<operation>/).
 */
import * as fs from "node:fs";
import { renderProfiles, summariseProfile, summariseProfiles } from "./lib/cpuprofile";
import { parseScriptArgs } from "../scripts/lib/args";

const targets = parseScriptArgs("node dist/bench/profile.js", {}, { allowPositionals: true }).positionals;
if (targets.length === 0) {
  console.error("usage: node dist/bench/profile.js <folder of .cpuprofile files | file.cpuprofile>...");
  process.exit(2);
}
for (const target of targets) {
  const summaries = fs.statSync(target).isDirectory() ? summariseProfiles(target) : [summariseProfile(target)];
  console.log(`== ${target}\n${renderProfiles(summaries)}\n`);
}
