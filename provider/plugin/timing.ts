/**
 * The plugin's opt-in timing of its RPC methods ({@link TIMING_ENV}): the gRPC door
 * (server.ts) wraps its service in {@link timedService} when the variable is set.
 */
import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import type * as grpc from "@grpc/grpc-js";

type Call<Req, Res> = grpc.handleUnaryCall<Req, Res>;

/**
 * `PULUMI_TENANT_PLUGIN_TIMING=<file>`: when the process exits, appends to that file one JSON
 * line per RPC method (calls, first start and last end in epoch ms, the sum of the calls' own
 * times, and the most calls in flight at once). A diagnostic for where a big stack's time goes
 * (bench/probe-refresh.ts); unset, the service is not wrapped.
 */
export const TIMING_ENV = "PULUMI_TENANT_PLUGIN_TIMING";

interface MethodTiming {
  calls: number;
  first: number;
  last: number;
  busyMs: number;
  maxInFlight: number;
}

/**
 * `service` with each method timed into `file` ({@link TIMING_ENV}); `write` appends the lines
 * now (it runs by itself when the process exits or is ended by SIGINT/SIGTERM), once.
 */
export function timedService(
  service: Record<string, Call<unknown, unknown>>,
  file: string,
): { service: Record<string, Call<unknown, unknown>>; write(): void } {
  const timings = new Map<string, MethodTiming>();
  let inFlight = 0;
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const lines = [...timings].map(([method, t]) => JSON.stringify({ pid: process.pid, method, ...t }));
    if (lines.length) fs.appendFileSync(file, `${lines.join("\n")}\n`);
  };
  process.on("exit", write);
  // The engine ends a plugin with a signal, which skips "exit": write first, then let the signal end the process.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const onSignal = () => {
      write();
      process.removeListener(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.prependListener(signal, onSignal);
  }
  const wrapped = Object.fromEntries(
    Object.entries(service).map(([method, handler]) => [
      method,
      ((call, callback) => {
        const started = performance.now();
        const t = timings.get(method) ?? { calls: 0, first: Date.now(), last: 0, busyMs: 0, maxInFlight: 0 };
        timings.set(method, t);
        t.calls += 1;
        inFlight += 1;
        t.maxInFlight = Math.max(t.maxInFlight, inFlight);
        handler(call, (error, value) => {
          inFlight -= 1;
          t.busyMs += performance.now() - started;
          t.last = Date.now();
          callback(error, value);
        });
      }) as Call<unknown, unknown>,
    ]),
  );
  return { service: wrapped, write };
}
