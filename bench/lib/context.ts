/** What every section of the benchmark gets: the mode's sizes, the report, the Pulumi setup. */
import type { Report } from "./report";
import type { BenchPulumi } from "./stacks";

/** Sizes and durations of one mode. */
export interface BenchParameters {
  /** The CPU section: N forms + N webhook event streams, the rate (req/s; Infinity: none), the busy loops beside it. */
  cpuN: number;
  cpuRate: number;
  cpuBusy: number[];
  /** Resources in the API-calls stack. */
  callsN: number;
  /** Resources and server rate (req/s) of the rate-limit run. */
  rateLimitN: number;
  rateLimitR: number;
  /** Small and large N of the engine-overhead runs, and how often each is repeated (the fastest counts). */
  overheadSmallN: number;
  overheadLargeN: number;
  overheadRepeats: number;
  /** Seconds per autocannon run (after a warm-up of `throughputWarmupSeconds`) and the connection counts. */
  throughputSeconds: number;
  throughputWarmupSeconds: number;
  throughputConnections: number[];
  /** Resources of the scale run. */
  scaleN: number;
  /** Resources of the engine options run. */
  optionsN: number;
  /** Sizes of the refresh-and-drift runs, and the limited rate (req/s) they also run at. */
  refreshNs: number[];
  refreshRate: number;
  /** Objects of the refresh run's flows cell: half flows, half forms running them (issue 36: 150 + 150). */
  refreshFlowsN: number;
  /** Side by side with the deploy CLI: N forms + N streams per cell, and how many runs of every cell. */
  versusNs: number[];
  versusRuns: number;
  /** Forms and (as many) event streams of the policy pack section. */
  policyN: number;
  /** Objects of the moonshot's mix (bench/lib/tenant.ts, `moonshotScenario`) and its rates (req/s; Infinity: none). */
  moonshotN: number;
  moonshotRates: number[];
}

/** The full run (the sizes) and the quick run (small N, a few minutes). */
export const PARAMETERS: Record<"full" | "quick", BenchParameters> = {
  full: {
    cpuN: 300,
    cpuRate: 10,
    cpuBusy: [0, 1],
    callsN: 30,
    rateLimitN: 100,
    rateLimitR: 10,
    overheadSmallN: 20,
    overheadLargeN: 200,
    overheadRepeats: 2,
    throughputSeconds: 5,
    throughputWarmupSeconds: 1,
    throughputConnections: [16, 64],
    scaleN: 1000,
    optionsN: 500,
    refreshNs: [100, 1000],
    refreshRate: 10,
    refreshFlowsN: 300,
    versusNs: [100, 300],
    versusRuns: 2,
    policyN: 300,
    moonshotN: 1000,
    moonshotRates: [10, Infinity],
  },
  quick: {
    cpuN: 50,
    cpuRate: Infinity,
    cpuBusy: [0],
    callsN: 10,
    rateLimitN: 30,
    rateLimitR: 10,
    overheadSmallN: 10,
    overheadLargeN: 60,
    overheadRepeats: 1,
    throughputSeconds: 2,
    throughputWarmupSeconds: 0.5,
    throughputConnections: [16, 64],
    scaleN: 100,
    optionsN: 60,
    refreshNs: [30],
    refreshRate: 10,
    refreshFlowsN: 30,
    versusNs: [10],
    versusRuns: 1,
    policyN: 50,
    moonshotN: 40,
    moonshotRates: [Infinity],
  },
};

/** Shared by the sections of one run. */
export interface BenchContext {
  params: BenchParameters;
  report: Report;
  /** With `--cpu-prof`: the folder profiles go to. */
  profileRoot?: string;
  /** The run's Pulumi setup (created on first use: the throughput section needs none). */
  pulumi(): Promise<BenchPulumi>;
}
