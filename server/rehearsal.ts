/**
 * What a rehearsal of a login sets and reads on the tenant server: the network fixtures that
 * answer the post-login actions' requests and the flows' outside calls (nothing is ever sent),
 * and a trace of what happened (actions run, form steps, flows, logins ended) in a bounded ring,
 * each event numbered so a reader asks only for what it has not seen. A trace event holds ids,
 * names, outcomes and masked errors: never a field's value, a secret or a credential.
 */
import type { NetworkFixture } from "../api/table/operations";
import type { TenantContext } from "./context";

/** Events kept at most; the oldest go first. */
export const MAX_TRACE_EVENTS = 1000;

/** A request a trace names. */
export interface TracedRequest {
  method: string;
  url: string;
  status?: number;
}

/** A post-login action run. */
export interface ActionTraceEvent {
  type: "action";
  action_id: string;
  name: string;
  version: number;
  outcome: "ok" | "error";
  error?: string;
  logs: string[];
  requests: TracedRequest[];
}

/** A form step shown, submitted, or refused for invalid values. */
export interface FormTraceEvent {
  type: "form";
  form_id: string;
  node_id: string;
  step: "shown" | "submitted" | "invalid";
  /** The ids of the fields concerned (never their values). */
  fields: string[];
  /** The error texts by field id (the form's messages), on `invalid`. */
  errors?: Record<string, string>;
}

/** A flow run. */
export interface FlowTraceEvent {
  type: "flow";
  flow_id: string;
  name: string;
  outcome: "ok" | "error";
  failed_action?: string;
  error?: string;
  calls: TracedRequest[];
}

/** A login ended. */
export interface LoginTraceEvent {
  type: "login";
  client_id: string;
  user_id?: string;
  outcome: "success" | "denied" | "error";
  description?: string;
}

/** Any event, before it is numbered. */
export type TraceEventBody = ActionTraceEvent | FormTraceEvent | FlowTraceEvent | LoginTraceEvent;
/** An event as the trace answers it: numbered and timed. */
export type TraceEvent = TraceEventBody & { seq: number; at: string };

/** The numbered, bounded trace of one server. */
export class LoginTrace {
  private readonly events: TraceEvent[] = [];
  private last = 0;

  constructor(private readonly capacity = MAX_TRACE_EVENTS) {}

  /** Adds an event (numbered after the last). */
  add(event: TraceEventBody): void {
    this.last++;
    this.events.push({ seq: this.last, at: new Date().toISOString(), ...event });
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
  }

  /** The events numbered after `after`, and the last number given. */
  after(after: number): { events: TraceEvent[]; last: number } {
    return { events: this.events.filter((event) => event.seq > after), last: this.last };
  }
}

/** A server's rehearsal state. */
export interface Rehearsal {
  /** What answers the login's network requests (replaced whole by `PUT /rehearsal/fixtures`). */
  fixtures: NetworkFixture[];
  trace: LoginTrace;
}

const REHEARSALS = new WeakMap<TenantContext, Rehearsal>();

/** The rehearsal state of `context`'s server (made on first use, empty). */
export function rehearsalOf(context: TenantContext): Rehearsal {
  let found = REHEARSALS.get(context);
  if (!found) {
    found = { fixtures: [], trace: new LoginTrace() };
    REHEARSALS.set(context, found);
  }
  return found;
}
