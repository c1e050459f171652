/**
 * The program of the child process that runs one action: it receives the action's code, the
 * event and the trigger's API table over IPC, runs the code's handler with an `api` that
 * records each call, and sends back what was recorded.
 *
 * {@link sandboxMain} is shipped to the child as source text (`node -e`), so the child needs
 * no read access to any file: it must be self-contained (no imports, nothing from the module
 * around it) and reaches Node only through the `nodeRequire` it is given.
 */

/** What the parent sends: one message, then nothing. */
export interface SandboxJob {
  code: string;
  event: Record<string, unknown>;
  /** The exported function to call, e.g. `onExecutePostLogin`. */
  handler: string;
  /** The trigger's id, for messages. */
  trigger: string;
  /** `namespace -> method -> what the method returns` (see api-table.ts). */
  api: Record<string, Record<string, string>>;
  /** Node built-ins the code may require (bare names). */
  builtins: string[];
  /** The npm packages the action declares, refused by name. */
  dependencies: string[];
}

/** One call the code made on `api`. */
export interface RecordedCall {
  /** e.g. `api.prompt.render`. */
  method: string;
  args: unknown[];
}

/** What the child sends back once the handler has settled. */
export interface SandboxReport {
  calls: RecordedCall[];
  logs: { level: string; message: string }[];
  /** Set when the code threw (or could not be loaded, or used what it may not). */
  error?: { name: string; message: string; stack?: string };
}

/* istanbul ignore next: runs in the child as source text, where instrumentation could not resolve */
/**
 * The child's program. `proc` is the child's `process`; `nodeRequire` its `require`.
 * Everything the action's code could use to reach the parent (the IPC channel, signals) is
 * taken away from `process` before the code is loaded.
 */
export function sandboxMain(nodeRequire: NodeJS.Require, proc: NodeJS.Process): void {
  const vm = nodeRequire("node:vm") as typeof import("node:vm");
  const crypto = nodeRequire("node:crypto") as typeof import("node:crypto");
  const util = nodeRequire("node:util") as typeof import("node:util");
  const send = proc.send!.bind(proc);
  const disconnect = proc.disconnect.bind(proc);
  const ownPid = proc.pid;
  const realKill = proc.kill.bind(proc);

  const refuse = (what: string) => {
    throw new Error(`${what} is not available to an action run locally`);
  };
  // The code may stop itself, never signal another process (the tenant server is one).
  proc.kill = ((pid: number, signal?: string | number) =>
    pid === ownPid || pid === 0 ? realKill(ownPid, signal) : refuse(`process.kill(${pid})`)) as typeof proc.kill;
  const hidden = proc as unknown as Record<string, unknown>;
  for (const name of ["_kill", "send", "disconnect", "_linkedBinding", "dlopen"]) {
    try {
      Object.defineProperty(hidden, name, { value: undefined, configurable: false, writable: false });
    } catch {
      // A property Node made unconfigurable stays as it is; the permission model still holds.
    }
  }
  // Network calls would make a local test depend on the outside world; the action's calls on
  // `api` are what the runner reports.
  const globals = globalThis as Record<string, unknown>;
  for (const name of ["fetch", "WebSocket", "EventSource"]) {
    if (name in globals) globals[name] = () => refuse(name);
  }

  const calls: RecordedCall[] = [];
  const logs: SandboxReport["logs"] = [];
  const jsonSafe = (value: unknown): unknown => {
    if (value === undefined) return null;
    try {
      return JSON.parse(JSON.stringify(value)) as unknown;
    } catch {
      return util.inspect(value);
    }
  };
  // Bounded, so that a chatty loop cannot make the report unbounded.
  const MAX_LOGS = 1000;
  const MAX_LOG_CHARS = 10_000;
  const capture =
    (level: string) =>
    (...args: unknown[]) => {
      if (logs.length > MAX_LOGS) return;
      if (logs.length === MAX_LOGS) {
        logs.push({ level: "warn", message: `(further logs left out: ${MAX_LOGS} at most)` });
        return;
      }
      logs.push({ level, message: util.format(...args).slice(0, MAX_LOG_CHARS) });
    };
  for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
    (console as unknown as Record<string, unknown>)[level] = capture(level === "trace" ? "debug" : level);
  }

  let reported = false;
  const report = (error?: unknown) => {
    if (reported) return;
    reported = true;
    const body: SandboxReport = { calls, logs };
    if (error !== undefined) {
      const failure = error instanceof Error ? error : new Error(util.inspect(error));
      body.error = { name: failure.name, message: failure.message, stack: failure.stack };
    }
    send(body, () => disconnect());
  };

  const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
  const hmac = (secret: string, data: string) => crypto.createHmac("sha256", secret).update(data).digest("base64url");

  const run = async (job: SandboxJob) => {
    const cache = new Map<string, { value: unknown; expires_at: number }>();
    const api: Record<string, unknown> = {};
    const answer = (kind: string, args: unknown[]): unknown => {
      const [first, second] = args as [Record<string, unknown> | string, unknown];
      switch (kind) {
        case "api":
          return apiProxy;
        case "cache-get": {
          const record = cache.get(String(first));
          return record && { ...record };
        }
        case "cache-set": {
          const options = (args[2] ?? {}) as { ttl?: number; expires_at?: number };
          const record = { value: second, expires_at: options.expires_at ?? Date.now() + (options.ttl ?? 900_000) };
          cache.set(String(first), record);
          return { type: "success", record: { ...record } };
        }
        case "cache-delete":
          cache.delete(String(first));
          return { type: "success" };
        case "false":
          return false;
        case "encode-token": {
          const { secret, payload = {}, expiresInSeconds = 900 } = first as Record<string, never>;
          if (typeof secret !== "string") throw new TypeError("api.redirect.encodeToken needs options.secret");
          const now = Math.floor(Date.now() / 1000);
          const body = { iat: now, exp: now + Number(expiresInSeconds), ...(payload as object) };
          const unsigned = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(body))}`;
          return `${unsigned}.${hmac(secret, unsigned)}`;
        }
        case "validate-token": {
          const { secret, tokenParameterName = "session_token" } = first as Record<string, string>;
          const request = (job.event.request ?? {}) as Record<string, Record<string, unknown>>;
          const token = request.query?.[tokenParameterName] ?? request.body?.[tokenParameterName];
          if (typeof token !== "string") throw new Error(`No ${tokenParameterName} in event.request`);
          const [header, payload, signature] = token.split(".");
          if (signature !== hmac(secret, `${header}.${payload}`)) throw new Error("The token's signature is invalid");
          return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
        }
        default:
          return undefined;
      }
    };
    const namespaces = Object.keys(job.api).join(", ");
    const notInApi = (name: string) =>
      new TypeError(`api.${name} is not part of the ${job.trigger} API (it has: ${namespaces})`);
    for (const [namespace, methods] of Object.entries(job.api)) {
      const target: Record<string, unknown> = {};
      for (const [method, kind] of Object.entries(methods)) {
        target[method] = (...args: unknown[]) => {
          calls.push({ method: `api.${namespace}.${method}`, args: args.map(jsonSafe) });
          return answer(kind, args);
        };
      }
      api[namespace] = new Proxy(target, {
        get(object, key) {
          if (typeof key === "symbol" || key in object || key === "then" || key === "toJSON") {
            return object[key as string];
          }
          throw new TypeError(
            `api.${namespace}.${key} is not part of the ${job.trigger} API (api.${namespace} has: ${Object.keys(object).join(", ")})`,
          );
        },
      });
    }
    const apiProxy: unknown = new Proxy(api, {
      get(object, key) {
        if (typeof key === "symbol" || key in object || key === "then" || key === "toJSON") {
          return object[key as string];
        }
        throw notInApi(key);
      },
    });

    const declared = new Set(job.dependencies);
    const allowed = new Set(job.builtins);
    const requireForCode = (name: string): unknown => {
      const bare = String(name).replace(/^node:/, "");
      if (allowed.has(bare)) return nodeRequire(`node:${bare}`);
      const packageName = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0];
      if (declared.has(packageName)) {
        throw new Error(
          `require("${name}"): the local runner installs no packages, so the action's dependency ${packageName} is not available; ` +
            `test code that needs it against the real tenant, or keep the dependency out of the path under test`,
        );
      }
      throw new Error(
        `require("${name}") is refused: an action run locally may require only these Node built-ins: ${[...allowed].join(", ")}`,
      );
    };
    const module = { exports: {} as Record<string, unknown> };
    const wrapper = vm.compileFunction(job.code, ["exports", "require", "module", "__filename", "__dirname"], {
      filename: `/action/${job.trigger}.js`,
    }) as (...args: unknown[]) => void;
    wrapper(module.exports, requireForCode, module, `/action/${job.trigger}.js`, "/action");
    const exported = module.exports;
    const handler = exported[job.handler];
    if (typeof handler !== "function") {
      const found = Object.keys(exported).filter((key) => typeof exported[key] === "function");
      throw new Error(
        `The action's code exports no function ${job.handler} (the ${job.trigger} trigger calls it); ` +
          `it exports: ${found.length ? found.join(", ") : "nothing"}. Write exports.${job.handler} = async (event, api) => { ... }`,
      );
    }
    await (handler as (event: unknown, api: unknown) => unknown)(job.event, apiProxy);
  };

  proc.on("uncaughtException", (error) => report(error));
  proc.on("unhandledRejection", (error) => report(error));
  proc.once("message", (job: SandboxJob) => {
    run(job).then(
      () => report(),
      (error: unknown) => report(error),
    );
  });
}
