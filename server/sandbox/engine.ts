/**
 * One run of an action's code in QuickJS compiled to WebAssembly (quickjs-ng through
 * quickjs-emscripten): a JavaScript engine with no Node in it. The code reaches nothing of the
 * host but the functions handed in here, which take and give strings and numbers: no `process`,
 * no `require` of Node's modules, no file, socket, thread or signal, and the constructor trick
 * (`({}).constructor.constructor("return process")()`) finds the engine's own `Function`.
 *
 * Limits are the engine's: its memory is a `WebAssembly.Memory` with a fixed maximum, so an
 * allocation past it fails inside the engine ("out of memory"), whatever allocates; time is its
 * interrupt handler, consulted as the code runs. Each run has its own engine instance and memory.
 */
import { randomBytes, createHash, createHmac } from "node:crypto";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSHandle } from "quickjs-emscripten-core";
import baseVariant from "@jitl/quickjs-ng-wasmfile-release-sync";
import type { CodeRunJob, CodeRunResult } from "../../api/table/operations";
import type { GuestProgram, GuestRun } from "./guest/contract";
import { GUEST_GLOBAL } from "./guest-bundle";
import { RunLoader } from "./loader";
import { FixtureNetwork } from "./network";
import { ApiAnswers, RunRecord, runError } from "./records";
import { wasm, type WasmModule } from "./wasm";

/** The string a guest sent as JSON; the text itself when it is not JSON (never thrown on). */
function jsonText(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : json;
  } catch {
    return json;
  }
}

/** What one run may take. */
export interface EngineLimits {
  /** From the start of the run to the handler's end, timers and requests included. */
  timeoutMs: number;
  /** The engine's whole memory (its heap, strings and buffers), in MiB. */
  maxHeapMb: number;
}

/** One run as the worker hands it to the engine. */
export interface EngineRun {
  job: CodeRunJob;
  limits: EngineLimits;
  /** The compiled engine (compiled once by the server, instantiated afresh per run). */
  wasmModule: WasmModule;
  /** Declared package name → the cache folder holding `node_modules/<name>`. */
  dependencyRoots: Record<string, string>;
  /** The guest's script (guest-bundle.ts): the program around the action's code. */
  guest: string;
}

/** QuickJS's own stack limit: below the worker's, so deep recursion is a RangeError in the code. */
const MAX_STACK_BYTES = 512 * 1024;
/** Timers pending at once, at most. */
const MAX_TIMERS = 1000;
/** Characters of one request the code sends (URL, headers and body as JSON). */
const MAX_REQUEST = 1_048_576;
const DIGESTS = new Set(["md5", "sha1", "sha256", "sha384", "sha512"]);

/**
 * A client may hide why its request failed (axios says "Network Error"): the run's error then
 * adds the first request no fixture answered, with how to add one.
 */
function withUnanswered(error: NonNullable<CodeRunResult["error"]>, network: FixtureNetwork) {
  const unanswered = network.requests.find((request) => request.error)?.error;
  if (!unanswered || error.message.includes(unanswered)) return error;
  return { ...error, message: `${error.message} (${unanswered})` };
}

/** Runs `run` to its end; never throws (a failure is the result's `error`). */
export async function runInEngine(run: EngineRun): Promise<Omit<CodeRunResult, "duration_ms">> {
  const { job, limits } = run;
  const record = new RunRecord();
  const network = new FixtureNetwork(job.fixtures ?? []);
  const memory = new wasm.Memory({ initial: 256, maximum: Math.max(256, limits.maxHeapMb * 16) });
  const base = (error?: CodeRunResult["error"]) => ({
    handler: job.handler,
    ...record.result(),
    requests: network.recorded(),
    ...(error ? { error: withUnanswered(error, network) } : {}),
  });
  const deadline = Date.now() + limits.timeoutMs;
  const timedOut = () =>
    runError(
      "TimeoutError",
      `The action ran longer than ${limits.timeoutMs} ms and was stopped (an endless loop, or a promise that never settles?)`,
    );
  const outOfMemory = () =>
    runError("MemoryLimitError", `The action used more than its ${limits.maxHeapMb} MiB of memory and was stopped`);
  const nearFull = () => memory.buffer.byteLength >= limits.maxHeapMb * 1024 * 1024 * 0.9;

  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(baseVariant, { wasmModule: run.wasmModule as never, wasmMemory: memory as never }),
  );
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.maxHeapMb * 1024 * 1024);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const vm = runtime.newContext();

  let settled: CodeRunResult["error"] | null | undefined;
  const timers = new Map<number, number>();
  let nextTimer = 1;
  const filename = `/action/${job.trigger}.js`;
  const loader = new RunLoader(filename, run.dependencyRoots, job.builtins);
  const compiled = new Map<string, QuickJSHandle>();
  const answers = new ApiAnswers(job.event);
  const apiKinds = job.api as Record<string, Record<string, string>>;

  /** A failure as the engine sees it: the best of timeout, memory, or the error itself. */
  const failure = (handle: QuickJSHandle): NonNullable<CodeRunResult["error"]> => {
    if (Date.now() > deadline) return timedOut();
    const read = (key: string) => {
      try {
        const value = vm.getProp(handle, key);
        return vm.typeof(value) === "string" ? vm.getString(value) : undefined;
      } catch {
        return undefined;
      }
    };
    const message = read("message");
    if ((message === undefined && nearFull()) || message === "out of memory") return outOfMemory();
    return runError(
      read("name") ?? "Error",
      message ?? "(an error that could not be read)",
      read("stack"),
      read("code"),
    );
  };
  const text = (handle: QuickJSHandle | undefined): string => {
    if (handle === undefined || vm.typeof(handle) !== "string") throw new TypeError("expected a string");
    return vm.getString(handle);
  };
  const fail = (error: unknown) => {
    const { name, message, code } = error as { name?: string; message?: string; code?: string };
    const handle = vm.newError({ name: name ?? "Error", message: message ?? String(error) });
    if (code) vm.setProp(handle, "code", vm.newString(code));
    return { error: handle };
  };
  const hostFunctions: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | { error: QuickJSHandle } | void> = {
    // The message comes as JSON (a string's NUL bytes would cut it at the engine's boundary).
    log: (level, message) => record.log(text(level), jsonText(text(message))),
    setTimer: (delay) => {
      if (timers.size >= MAX_TIMERS) return fail(new RangeError(`At most ${MAX_TIMERS} timers may be pending`));
      const id = nextTimer++;
      timers.set(id, Date.now() + Math.min(Math.max(0, vm.getNumber(delay)), 2 ** 31));
      return vm.newNumber(id);
    },
    clearTimer: (id) => void timers.delete(vm.getNumber(id)),
    fetch: (requestJson) => {
      const json = text(requestJson);
      if (json.length > MAX_REQUEST)
        return fail(new Error(`A request of ${json.length} characters is more than a local run sends`));
      const request = JSON.parse(json) as { method: string; url: string; body?: string };
      try {
        return vm.newString(JSON.stringify(network.answer(String(request.method), String(request.url), request.body)));
      } catch (error) {
        return fail(error);
      }
    },
    parseUrl: (href, baseUrl) => {
      try {
        const url = new URL(text(href), baseUrl && vm.typeof(baseUrl) === "string" ? vm.getString(baseUrl) : undefined);
        const parts = { href: url.href, origin: url.origin, protocol: url.protocol, username: url.username };
        const rest = {
          password: url.password,
          host: url.host,
          hostname: url.hostname,
          port: url.port,
          pathname: url.pathname,
        };
        return vm.newString(JSON.stringify({ ...parts, ...rest, search: url.search, hash: url.hash }));
      } catch {
        return fail(new TypeError(`Invalid URL: ${text(href).slice(0, 200)}`));
      }
    },
    apiCall: (namespace, method, argsJson) => {
      const [space, name, json] = [text(namespace), text(method), text(argsJson)];
      record.call(`api.${space}.${name}`, json);
      const kind = apiKinds[space]?.[name] ?? "none";
      try {
        const args = json.length <= 1_048_576 ? (JSON.parse(json) as unknown[]) : [];
        return vm.newString(JSON.stringify(answers.answer(kind, args)) ?? "{}");
      } catch (error) {
        return fail(error);
      }
    },
    settle: (errorJson) => {
      if (settled !== undefined) return;
      const json = text(errorJson);
      if (json === "") settled = null;
      else {
        const parsed = JSON.parse(json) as Record<string, unknown>;
        settled =
          parsed.message === "out of memory"
            ? outOfMemory()
            : runError(parsed.name, parsed.message, parsed.stack, parsed.code);
      }
    },
    digest: (algorithm, key, data) => {
      const name = text(algorithm).toLowerCase().replace(/-/g, "");
      if (!DIGESTS.has(name))
        return fail(
          new Error(`Digest method not supported: ${name} (the local runner has ${[...DIGESTS].join(", ")})`),
        );
      // Bytes cross the engine's boundary as hex: its strings are C strings there, cut at the first NUL byte.
      const bytes = Buffer.from(text(data), "hex");
      const hash =
        vm.typeof(key) === "string" ? createHmac(name, Buffer.from(vm.getString(key), "hex")) : createHash(name);
      return vm.newString(hash.update(bytes).digest().toString("hex"));
    },
    randomBytes: (count) => {
      const n = vm.getNumber(count);
      if (!Number.isInteger(n) || n < 0 || n > 65_536)
        return fail(new RangeError("randomBytes: from 0 to 65536 bytes"));
      return vm.newString(randomBytes(n).toString("hex"));
    },
    load: (from, request) => {
      try {
        const module = loader.load(text(from), text(request));
        let factory = compiled.get(module.filename);
        if (!factory) {
          const result = vm.evalCode(
            `(function (exports, require, module, __filename, __dirname) {${module.source}\n})`,
            module.filename,
          );
          if (result.error) return { error: result.error };
          factory = result.value;
          compiled.set(module.filename, factory);
        }
        const pair = vm.newArray();
        vm.setProp(pair, 0, vm.newString(module.filename));
        vm.setProp(pair, 1, factory);
        return pair;
      } catch (error) {
        return fail(error);
      }
    },
  };

  try {
    const host = vm.newObject();
    for (const [name, fn] of Object.entries(hostFunctions)) {
      vm.setProp(
        host,
        name,
        vm.newFunction(name, (...args) => {
          try {
            return fn(...args);
          } catch (error) {
            return fail(error);
          }
        }),
      );
    }
    vm.setProp(vm.global, "__host", host);
    // The guest's script, in a function of its own: its names stay off the global object.
    const program = vm.unwrapResult(
      vm.evalCode(`(function () {${run.guest}\nreturn ${GUEST_GLOBAL}.default;\n})()`, "guest.js"),
    );
    const guest = (name: keyof GuestProgram) => vm.getProp(program, name);
    const webObject = vm.unwrapResult(vm.callFunction(guest("installWeb"), vm.undefined, host));
    const fire = vm.getProp(webObject, "fire");
    vm.unwrapResult(vm.callFunction(guest("installFetch"), vm.undefined, host, webObject));
    // From here on, only the closures of the guest's own functions hold the host's functions.
    vm.unwrapResult(vm.evalCode("delete globalThis.__host;", "guest-setup.js"));

    const factory = vm.evalCode(
      `(function (exports, require, module, __filename, __dirname) {${job.code}\n})`,
      filename,
    );
    if (factory.error) return base(failure(factory.error));
    const guestRun: GuestRun = {
      filename,
      handler: job.handler,
      trigger: job.trigger,
      api: Object.fromEntries(Object.entries(apiKinds).map(([space, methods]) => [space, Object.keys(methods)])),
      builtins: job.builtins,
      event: JSON.stringify(job.event),
    };
    const runHandle = vm.unwrapResult(vm.evalCode(`(${JSON.stringify(guestRun)})`, "run.json"));
    const started = vm.callFunction(guest("runAction"), vm.undefined, host, webObject, runHandle, factory.value);
    if (started.error) return base(failure(started.error));

    // The event loop: promise jobs, then the next timer, until the handler settles or time is up.
    while (settled === undefined) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        // A job that threw past every handler: Node would end the process with it.
        const error = failure(jobs.error);
        return base(error);
      }
      if (settled !== undefined) break;
      if (Date.now() > deadline) return base(timedOut());
      if (runtime.hasPendingJob()) continue;
      const due = [...timers.entries()].sort((a, b) => a[1] - b[1])[0];
      if (!due) {
        return base(
          runError(
            "Error",
            "The handler's promise never settled, and nothing is left to wait for (no timer, no request): " +
              "resolve it, or return a promise that settles",
          ),
        );
      }
      const wait = Math.min(due[1], deadline + 1) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (Date.now() > deadline) return base(timedOut());
      timers.delete(due[0]);
      const fired = vm.callFunction(fire, webObject, vm.newNumber(due[0]));
      if (fired.error) return base(failure(fired.error));
    }
    return base(settled ?? undefined);
  } catch (error) {
    // The engine itself failed (its memory exhausted mid-call, a stack overflow of the host).
    if (Date.now() > deadline) return base(timedOut());
    if (nearFull()) return base(outOfMemory());
    return base(runError("SandboxError", `The action's engine failed: ${(error as Error).message}`));
  }
  // Nothing is disposed: the engine instance and its memory are this run's alone and are
  // dropped whole (disposing handles one by one after a failure can abort the engine).
}
