/**
 * Watches the dynamic provider processes of one Pulumi run through /proc: the engine
 * starts `pulumi-resource-pulumi-nodejs`, a shell script that runs
 * `node …/cmd/dynamic-provider …`. Processes are told apart from those of other runs on
 * the machine by their environment (`PULUMI_HOME` of this run).
 */
import * as fs from "node:fs";

/** What was seen of the provider processes while watching. */
export interface ProviderProcesses {
  /** Distinct provider processes seen. */
  pids: number[];
  /** Highest resident set seen, bytes (VmHWM: the kernel's own peak, so short spikes count). */
  peakRssBytes: number;
  /** Samples taken. */
  samples: number;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Node processes running the dynamic provider whose environment has `PULUMI_HOME=<home>`. */
export function findProviderProcesses(home: string): number[] {
  if (process.platform !== "linux") return [];
  const marker = `PULUMI_HOME=${home}\0`;
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = readText(`/proc/${entry}/cmdline`);
    if (!cmdline || !cmdline.includes("dynamic-provider")) continue;
    // The launcher first runs `node -e "…resolve('…/dynamic-provider')"`: only the provider itself counts.
    const [exe, script] = cmdline.split("\0");
    if (!/(^|\/)node$/.test(exe) || !/cmd\/dynamic-provider(\/index\.js)?$/.test(script ?? "")) continue;
    const environ = readText(`/proc/${entry}/environ`);
    if (environ && `${environ}\0`.includes(marker)) found.push(Number(entry));
  }
  return found;
}

function peakRss(pid: number): number {
  const status = readText(`/proc/${pid}/status`);
  const match = status && /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples the provider processes of the run using `home` every `everyMs` until stopped. */
export class ProviderWatch {
  private readonly pids = new Set<number>();
  private peak = 0;
  private samples = 0;
  private timer?: NodeJS.Timeout;

  constructor(private readonly home: string, private readonly everyMs = 100) {}

  /** Starts sampling. */
  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
    return this;
  }

  private sample(): void {
    this.samples += 1;
    for (const pid of findProviderProcesses(this.home)) {
      this.pids.add(pid);
      this.peak = Math.max(this.peak, peakRss(pid));
    }
  }

  /** Stops sampling and returns what was seen. */
  stop(): ProviderProcesses {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return { pids: [...this.pids], peakRssBytes: this.peak, samples: this.samples };
  }
}
