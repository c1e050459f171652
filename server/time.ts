/** Timestamps in the precision each resource uses on the real service. */

/** ISO-8601 UTC with milliseconds (forms, event streams): `2026-01-16T08:50:33.955Z`. */
export function isoMillis(now = new Date()): string {
  return now.toISOString();
}

/**
 * {@link isoMillis} for a write to an object last written at `previous`: at least one
 * millisecond later. Clients tell a changed object by its `updated_at` (the form list's
 * summaries carry it), so two writes within one millisecond must not share a stamp.
 */
export function isoMillisAfter(previous: string | undefined, now = new Date()): string {
  const last = previous === undefined ? Number.NaN : Date.parse(previous);
  return Number.isNaN(last) || now.getTime() > last ? isoMillis(now) : isoMillis(new Date(last + 1));
}

let lastMicros = 0;

/**
 * ISO-8601 UTC with microseconds (rate limit policies): `2026-07-06T10:24:38.766279Z`.
 * The sub-millisecond digits come from the monotonic clock; values never go backwards.
 */
export function isoMicros(): string {
  const micros = Math.max(Math.floor((performance.timeOrigin + performance.now()) * 1000), lastMicros + 1);
  lastMicros = micros;
  const millisIso = new Date(Math.floor(micros / 1000)).toISOString();
  return `${millisIso.slice(0, -1)}${String(micros % 1000).padStart(3, "0")}Z`;
}
