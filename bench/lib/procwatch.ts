/**
 * Watches the dynamic provider processes (and the program process) of one Pulumi run through /proc: the engine
 * starts `pulumi-resource-pulumi-nodejs`, a shell script that runs
 * `node …/cmd/dynamic-provider …`. Processes are told apart from those of other runs on
 * the machine by their environment (`PULUMI_HOME` of this run).
 */
import * as fs from "node:fs";

/** What was seen of the provider processes (and the program's) while watching. */
export interface ProviderProcesses {
  /** Distinct provider processes seen. */
  pids: number[];
  /** Highest resident set seen, bytes (VmHWM: the kernel's own peak, so short spikes count). */
  peakRssBytes: number;
  /** The same for the Pulumi program's process (`node …/cmd/run`). */
  programPeakRssBytes: number;
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

/** Node processes of a Pulumi run with `PULUMI_HOME=<home>`: the dynamic providers and the programs. */
export function findPulumiNodeProcesses(home: string): { providers: number[]; programs: number[] } {
  const providers: number[] = [];
  const programs: number[] = [];
  if (process.platform !== "linux") return { providers, programs };
  const marker = `PULUMI_HOME=${home}\0`;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = readText(`/proc/${entry}/cmdline`);
    if (!cmdline || !cmdline.includes("@pulumi/pulumi/cmd/")) continue;
    // The launcher first runs `node -e "…resolve('…/dynamic-provider')"`: only the provider itself counts.
    const [exe, script] = cmdline.split("\0");
    if (!/(^|\/)node$/.test(exe)) continue;
    const role = /cmd\/dynamic-provider(\/index\.js)?$/.test(script ?? "")
      ? providers
      : /cmd\/run(\/index\.js)?$/.test(script ?? "")
        ? programs
        : undefined;
    if (!role) continue;
    const environ = readText(`/proc/${entry}/environ`);
    if (environ && `${environ}\0`.includes(marker)) role.push(Number(entry));
  }
  return { providers, programs };
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
  private programPeak = 0;
  private samples = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly home: string,
    private readonly everyMs = 100,
  ) {}

  /** Starts sampling. */
  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
    return this;
  }

  private sample(): void {
    this.samples += 1;
    const { providers, programs } = findPulumiNodeProcesses(this.home);
    for (const pid of providers) {
      this.pids.add(pid);
      this.peak = Math.max(this.peak, peakRss(pid));
    }
    for (const pid of programs) this.programPeak = Math.max(this.programPeak, peakRss(pid));
  }

  /** Stops sampling and returns what was seen. */
  stop(): ProviderProcesses {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return {
      pids: [...this.pids],
      peakRssBytes: this.peak,
      programPeakRssBytes: this.programPeak,
      samples: this.samples,
    };
  }
}
