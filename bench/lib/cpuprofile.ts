/**
 * Reads V8 `.cpuprofile` files (from `node --cpu-prof`) and says where the time went:
 * which process it was (Pulumi program, dynamic provider, ...), its wall time, and the
 * functions and packages with the most self time.
 */
import * as fs from "node:fs";
import * as path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** One profile, summarised. */
export interface ProfileSummary {
  file: string;
  /** `program`, `provider`, `launcher` (the `node -e` of the provider's launcher script) or `other`. */
  kind: string;
  wallMs: number;
  /** Sampled time not idle, ms. */
  busyMs: number;
  topFunctions: { name: string; selfMs: number }[];
  topPackages: { name: string; selfMs: number }[];
  /** Time charged to the nearest caller outside Node.js core and V8 (module loading counts to whoever required). */
  attributedPackages: { name: string; selfMs: number }[];
}

function packageOf(url: string): string {
  if (!url) return "(native / V8)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "(node core)";
  const dist = /\/dist\/([^/]+)\//.exec(url);
  if (dist) return `pulumi-tenant ${dist[1]}/`;
  return url.startsWith("file://") || url.startsWith("/")
    ? path.basename(path.dirname(url.replace("file://", ""))) + "/"
    : url;
}

function kindOf(profile: CpuProfile): string {
  const urls = profile.nodes.map((n) => n.callFrame.url);
  if (urls.some((u) => u.includes("cmd/dynamic-provider"))) return "provider";
  if (urls.some((u) => u.includes("cmd/run/"))) return "program";
  if (urls.some((u) => u.includes("throughput-server"))) return "tenant server";
  if (urls.some((u) => u === "[eval]" || u.includes("[eval]"))) return "launcher";
  return "other";
}

/** Summarises one profile file. */
export function summariseProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const userFrameOf = (id: number): ProfileNode | undefined => {
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const node = byId.get(current);
      const url = node?.callFrame.url ?? "";
      if (url && !url.startsWith("node:")) return node;
    }
    return undefined;
  };
  const attributed = new Map<string, number>();
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + (deltas[i] ?? 0));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += us;
    const name = url
      ? `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/")}:${lineNumber + 1}`
      : functionName;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const owner = userFrameOf(id);
    const ownerPkg = owner ? packageOf(owner.callFrame.url) : "(node core / V8)";
    attributed.set(ownerPkg, (attributed.get(ownerPkg) ?? 0) + us);
  }
  const topOf = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000) }));
  return {
    file: path.basename(file),
    kind: kindOf(profile),
    wallMs: Math.round((profile.endTime - profile.startTime) / 1000),
    busyMs: Math.round(busy / 1000),
    topFunctions: topOf(functions),
    topPackages: topOf(packages),
    attributedPackages: topOf(attributed),
  };
}

/** Summarises every profile in `dir`, longest first. */
export function summariseProfiles(dir: string, top = 12): ProfileSummary[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => summariseProfile(path.join(dir, f), top))
    .sort((a, b) => b.busyMs - a.busyMs);
}

/** Plain-text rendering of summaries. */
export function renderProfiles(summaries: ProfileSummary[]): string {
  return summaries
    .map((s) =>
      [
        `${s.kind} (${s.file}): wall ${s.wallMs} ms, busy ${s.busyMs} ms`,
        `  self time by package (ms): ${s.topPackages.map((p) => `${p.name} ${p.selfMs}`).join(", ")}`,
        `  charged to the nearest package frame (ms): ${s.attributedPackages.map((p) => `${p.name} ${p.selfMs}`).join(", ")}`,
        ...s.topFunctions.map((f) => `  ${String(f.selfMs).padStart(6)} ms  ${f.name}`),
      ].join("\n"),
    )
    .join("\n\n");
}
