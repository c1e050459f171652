/**
 * The worker thread that runs action code for the server's sandbox (index.ts): it receives one
 * run at a time, runs it in a fresh engine instance (engine.ts) and answers its result. Being a
 * thread of the server's process, it ends with the process however the process ends (`kill -9`
 * included): no run outlives the server, and no process or file is left behind.
 */
import { parentPort } from "node:worker_threads";
import { runInEngine, type EngineRun } from "./engine";

/** A run for the worker: the engine's input and a number the answer carries back. */
export interface WorkerRequest extends EngineRun {
  id: number;
}

parentPort!.on("message", (request: WorkerRequest) => {
  const started = process.hrtime.bigint();
  void runInEngine(request).then(
    (result) =>
      parentPort!.postMessage({
        id: request.id,
        result: { ...result, duration_ms: Number(process.hrtime.bigint() - started) / 1e6 },
      }),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, failure: String((error as Error)?.message ?? error) }),
  );
});

// Loaded: the pool starts a run's clock only from here.
parentPort!.postMessage({ ready: true });
