/**
 * Fault injection and request counters, for tests of client retry behaviour and for
 * benchmarks. Faults match a route by method and registered pattern (`/api/v2/forms/:id`),
 * so a test says "the next 2 POSTs to /api/v2/forms fail after they commit" without
 * caring about ids.
 */

/** The ways a request can be made to fail. */
export const FAULT_MODES = ["fail-before", "fail-after", "drop-after", "delay"] as const;

/** A fault for the next `times` requests matching `method` and `path`. */
export interface FaultSpec {
  /** "POST", "GET", "PATCH", "DELETE", "PUT". */
  method: string;
  /** Route pattern as registered, e.g. "/api/v2/forms" or "/api/v2/forms/:id". */
  path: string;
  /** Next N matching requests (default 1). */
  times?: number;
  /**
   * `fail-before`: 5xx and the handler never runs; `fail-after`: the handler runs (the
   * write commits), then a 5xx replaces its reply; `drop-after`: the handler runs, then
   * the socket is destroyed without a reply; `delay`: `delayMs` of latency first.
   */
  mode: (typeof FAULT_MODES)[number];
  /** Status of the injected failure: 500, 502, 503 (default) or 504. */
  status?: number;
  /** Latency for "delay", in milliseconds. */
  delayMs?: number;
}

const FAULT_STATUSES = [500, 502, 503, 504];
const FAULT_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"];
const MAX_DELAY_MS = 120_000;

interface ArmedFault {
  spec: Required<Omit<FaultSpec, "delayMs">> & { delayMs: number };
  remaining: number;
}

/** Checks a fault spec from an untrusted source (the admin route); returns what is wrong. */
export function faultSpecProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a fault must be an object";
  const spec = value as Record<string, unknown>;
  if (typeof spec.method !== "string" || !FAULT_METHODS.includes(spec.method.toUpperCase()))
    return `method must be one of ${FAULT_METHODS.join(", ")}`;
  if (typeof spec.path !== "string" || !spec.path.startsWith("/"))
    return "path must be a route pattern starting with /";
  if (typeof spec.mode !== "string" || !(FAULT_MODES as readonly string[]).includes(spec.mode))
    return `mode must be one of ${FAULT_MODES.join(", ")}`;
  if (spec.times !== undefined && (!Number.isInteger(spec.times) || (spec.times as number) < 1))
    return "times must be an integer >= 1";
  if (spec.status !== undefined && !FAULT_STATUSES.includes(spec.status as number))
    return `status must be one of ${FAULT_STATUSES.join(", ")}`;
  if (
    spec.delayMs !== undefined &&
    (typeof spec.delayMs !== "number" || spec.delayMs < 0 || spec.delayMs > MAX_DELAY_MS)
  ) {
    return `delayMs must be between 0 and ${MAX_DELAY_MS}`;
  }
  if (spec.mode === "delay" && spec.delayMs === undefined) return "delay faults need delayMs";
  return undefined;
}

/** The armed faults of one server. */
export class FaultInjector {
  private armed: ArmedFault[] = [];

  /** Arms a fault; throws when the spec is malformed. */
  add(spec: FaultSpec): void {
    const problem = faultSpecProblem(spec);
    if (problem) throw new Error(`Invalid fault: ${problem}`);
    const times = spec.times ?? 1;
    this.armed.push({
      spec: {
        method: spec.method.toUpperCase(),
        path: spec.path,
        times,
        mode: spec.mode,
        status: spec.status ?? 503,
        delayMs: spec.delayMs ?? 0,
      },
      remaining: times,
    });
  }

  /** Disarms every fault. */
  clear(): void {
    this.armed = [];
  }

  /** The first armed fault for this request, used up by one; undefined when none matches. */
  take(method: string, routePattern: string): ArmedFault["spec"] | undefined {
    const index = this.armed.findIndex((fault) => fault.spec.method === method && fault.spec.path === routePattern);
    if (index < 0) return undefined;
    const fault = this.armed[index];
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.armed.splice(index, 1);
    return fault.spec;
  }
}

/** Request counts by `"METHOD routePattern"`, plus `"429"` and `"5xx"` by outcome. */
export class Counters {
  private counts = new Map<string, number>();

  increment(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts.clear();
  }
}
