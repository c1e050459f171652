/**
 * Section 1: API calls per phase of a stack of N mixed resources (forms, event streams,
 * the login template) plus the rate limit policy lookup, counted by the server.
 */
import { PAGE_SIZE } from "../../provider/client/paging";
import type { BenchContext } from "../lib/context";
import type { Figure } from "../lib/report";
import { changedCount, type Operation, type OperationResult } from "../lib/stacks";
import {
  adminToken,
  callCounts,
  createPolicy,
  mixedScenario,
  requestsSoFar,
  scenarioConfig,
  startBenchServer,
  tenantSettings,
  type CallCounts,
  type Scenario,
} from "../lib/tenant";

interface Phase {
  name: string;
  label: string;
  operation: Operation;
  expectNoChanges?: boolean;
  /** Refresh first (`--refresh`, or the project option `refresh: always`). */
  refresh?: boolean;
  /** Scenario change applied before the phase. */
  scenario?: (base: Scenario) => Scenario;
}

const PHASES: Phase[] = [
  { name: "preview", label: "preview of the new stack", operation: "preview" },
  { name: "up", label: "up (create)", operation: "up" },
  { name: "noopPreview", label: "no-op preview", operation: "preview", expectNoChanges: true },
  { name: "noopUp", label: "no-op up", operation: "up", expectNoChanges: true },
  // What `pulumi up --refresh` (the command that undoes drift) and `options: refresh: always` cost.
  {
    name: "refreshPreview",
    label: "no-op preview --refresh",
    operation: "preview",
    refresh: true,
    expectNoChanges: true,
  },
  { name: "refreshUp", label: "no-op up --refresh", operation: "up", refresh: true, expectNoChanges: true },
  { name: "refresh", label: "refresh", operation: "refresh" },
  {
    name: "update",
    label: "one-field update (form name)",
    operation: "up",
    scenario: (base) => ({ ...base, formName: "Sign-up renamed" }),
  },
  { name: "destroy", label: "destroy", operation: "destroy" },
];

/** One phase's outcome, kept in the JSON. */
interface PhaseResult {
  phase: string;
  result: Omit<OperationResult, "error"> & { error?: string };
  counts: CallCounts;
  providerProcesses: number;
}

/** Runs the phases and adds their figures. */
export async function measureCalls(ctx: BenchContext): Promise<void> {
  const n = ctx.params.callsN;
  const section = `1 API calls, N=${n}`;
  const pulumi = await ctx.pulumi();
  const server = await startBenchServer();
  try {
    const policyId = await createPolicy(server, await adminToken(server));
    const base = mixedScenario(n, policyId);
    const stack = await pulumi.open("tenant", "calls", {
      tenant: tenantSettings(server),
      config: scenarioConfig(base),
    });
    const results: PhaseResult[] = [];
    for (const phase of PHASES) {
      if (phase.scenario) await stack.setAllConfig(scenarioConfig(phase.scenario(base)));
      server.counters.reset();
      const result = await pulumi.run(stack, phase.operation, {
        label: `calls: ${phase.label} (N=${n})`,
        expectNoChanges: phase.expectNoChanges,
        refresh: phase.refresh,
        detail: requestsSoFar(server),
      });
      const counts = callCounts(server.counters.snapshot());
      results.push({ phase: phase.name, result, counts, providerProcesses: result.provider.pids.length });
    }
    ctx.report.raw.calls = { n, scenario: base, phases: results };
    for (const figure of callFigures(section, n, base, results)) ctx.report.add(figure);
  } finally {
    await server.close();
  }
}

/** GETs of a refresh of `scenario` through list snapshots: a page per 100 forms and per 100 streams, the template's GET. */
function refreshReads(scenario: Scenario): number {
  const pages = (count = 0) => Math.ceil(count / PAGE_SIZE);
  return pages(scenario.forms) + pages(scenario.streams) + (scenario.template ? 1 : 0);
}

function callFigures(section: string, n: number, scenario: Scenario, results: PhaseResult[]): Figure[] {
  const at = (name: string) => results.find((r) => r.phase === name)!;
  const figures: Figure[] = [];
  const exact = (id: string, label: string, value: number, expected: number, unit = "req", note?: string, ok = true) =>
    figures.push({
      id: `calls.${id}`,
      section,
      label,
      value,
      unit,
      target: `= ${expected}`,
      met: ok && value === expected,
      note,
    });
  const failed = (phase: PhaseResult) =>
    phase.result.ok ? undefined : `the operation failed: ${phase.result.error?.split("\n")[0]}`;

  const preview = at("preview");
  // The login template's takeover check (one GET per new stack, not per resource) is told apart: it is the
  // price of refusing at preview to replace a template someone else made (login-template/provider.ts).
  exact(
    "preview.resourceRequests",
    "preview (new stack): resource requests besides the template check",
    preview.counts.resourceRequests - preview.counts.templateGets,
    0,
    "req",
    failed(preview),
    preview.result.ok,
  );
  figures.push({
    id: "calls.preview.lookupGets",
    section,
    label: "preview (new stack): lookup GETs",
    value: preview.counts.lookupGets,
    unit: "req",
    note: "the rate limit policy lookup is a read in the program; it runs in every preview and up, by design",
  });
  const up = at("up");
  exact("up.writes", "up: writes (creates)", up.counts.writes, n, "req", failed(up), up.result.ok);
  exact(
    "up.otherRequests",
    "up: resource requests besides the creates and the template check",
    up.counts.resourceRequests - up.counts.writes - up.counts.templateGets,
    0,
    "req",
  );
  figures.push({
    id: "calls.templateChecks",
    section,
    label: "template takeover check GETs (preview / up)",
    value: preview.counts.templateGets + up.counts.templateGets,
    unit: "req",
    note:
      `preview ${preview.counts.templateGets}, up ${up.counts.templateGets}: one GET per stack that creates the login ` +
      "template, so a hand-made or other stack's template is refused at preview instead of silently replaced",
  });
  const noopPreview = at("noopPreview");
  exact(
    "noopPreview.resourceRequests",
    "no-op preview: resource requests",
    noopPreview.counts.resourceRequests,
    0,
    "req",
    failed(noopPreview),
    noopPreview.result.ok,
  );
  const noopUp = at("noopUp");
  exact(
    "noopUp.writes",
    "no-op up: writes",
    noopUp.counts.writes,
    0,
    "req",
    failed(noopUp) ?? `resource reads: ${noopUp.counts.resourceReads}`,
    noopUp.result.ok,
  );
  // A refresh reads through one list per kind (a page per 100 objects) and the template's single GET.
  const reads = refreshReads(scenario);
  const readsNote = `one list page per 100 objects of each kind and the template's GET (${n} GETs read one object each)`;
  for (const [name, label] of [
    ["refreshPreview", "no-op preview --refresh"],
    ["refreshUp", "no-op up --refresh (skip-preview)"],
    ["refresh", "refresh"],
  ] as const) {
    const phase = at(name);
    exact(
      `${name}.gets`,
      `${label}: GETs`,
      phase.counts.resourceReads,
      reads,
      "req",
      failed(phase) ?? readsNote,
      phase.result.ok,
    );
    exact(`${name}.writes`, `${label}: writes`, phase.counts.writes, 0);
  }
  const refresh = at("refresh");
  exact("refresh.writes", "refresh: writes", refresh.counts.writes, 0);
  exact("refresh.changes", "refresh: resources reported changed", changedCount(refresh.result.changes), 0, "");
  const update = at("update");
  exact("update.writes", "one-field update: writes", update.counts.writes, 1, "req", failed(update), update.result.ok);
  exact(
    "update.otherRequests",
    "one-field update: other resource requests",
    update.counts.resourceRequests - update.counts.writes,
    0,
  );
  const destroy = at("destroy");
  exact(
    "destroy.writes",
    "destroy: writes (deletes)",
    destroy.counts.writes,
    n,
    "req",
    failed(destroy),
    destroy.result.ok,
  );

  // The program's lookup fetches a token of its own (the program is another process).
  const perPhase = results.map((r) => {
    const providerTokens = r.counts.tokens - (r.counts.lookupGets > 0 ? 1 : 0);
    return { phase: r.phase, tokens: r.counts.tokens, providerTokens, processes: r.providerProcesses };
  });
  const worst = Math.max(...perPhase.map((p) => p.providerTokens - Math.max(0, p.processes)));
  figures.push({
    id: "calls.tokens.extraPerProviderProcess",
    section,
    label: "token requests beyond one per provider process (worst phase)",
    value: Math.max(0, worst),
    unit: "req",
    target: "= 0",
    met: worst <= 0,
    note: `token requests (the lookup's included) / provider processes, per phase: ${perPhase.map((p) => `${p.phase} ${p.tokens}/${p.processes}`).join(", ")}`,
  });
  return figures;
}
