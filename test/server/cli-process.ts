/**
 * The tenant server as a separate process (server/cli.ts), for tests that must see it from
 * outside: restarts, signals, its memory and its open connections.
 *
 * The CLI runs as `node <tmp>/server/cli.js`, compiled from server/ and api/ with
 * TypeScript's transpileModule (the same sources and module settings as
 * `dist/server/cli.js`). That takes a second, where `npm run build` would type-check the
 * whole project (other floors may be mid-change) and ts-node would recompile on every
 * start. NODE_PATH lets the compiled files find the project's node_modules.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { removeDir, tempDir } from "./helpers";

const ROOT = resolve(__dirname, "../..");

/** A compiled CLI: the script to run and the environment it needs. */
export interface BuiltCli {
  /** Path of `server/cli.js`. */
  cli: string;
  /**
   * The folder of the compiled files (temporary): the CLI's working folder, so that a run
   * without `--data-dir` writes its `.tenant` there, never in the checkout beside a user's.
   */
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Removes the compiled files. */
  remove(): void;
}

/**
 * Compiles api/, render/ and server/ to CommonJS under a temporary directory (no type check: tsc
 * and eslint do that). Runs in a plain node child: loading the TypeScript compiler through
 * Jest's module registry costs many seconds.
 */
export function buildCli(): BuiltCli {
  const outDir = tempDir("tenant-cli-build-");
  const script = `
    const ts = require("typescript"), fs = require("fs"), path = require("path");
    const [root, outDir] = process.argv.slice(1);
    const compile = (dir) => {
      fs.mkdirSync(path.join(outDir, dir), { recursive: true });
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = path.join(dir, entry.name);
        if (entry.isDirectory()) { if (entry.name !== "dist" && entry.name !== "node_modules") compile(relative); }
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
          const { outputText } = ts.transpileModule(fs.readFileSync(path.join(root, relative), "utf8"), {
            fileName: relative,
            compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
          });
          fs.writeFileSync(path.join(outDir, relative.replace(/\\.ts$/, ".js")), outputText);
        }
      }
    };
    compile("api");
    compile("render");
    compile("server");`;
  const result = spawnSync(process.execPath, ["-e", script, ROOT, outDir], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`transpiling the server failed: ${result.stderr}`);
  return {
    cli: join(outDir, "server", "cli.js"),
    dir: outDir,
    env: { ...process.env, NODE_PATH: join(ROOT, "node_modules") },
    remove: () => removeDir(outDir),
  };
}

/** A started CLI. */
export interface RunningCli {
  child: ChildProcess;
  url: string;
  /** Lines printed up to and including the listening line (and after it, unless stdout was left unread). */
  stdout: string[];
  stderr(): string;
}

/** Options of {@link startCli}. */
export interface StartCliOptions {
  /**
   * `"lines"` (default) keeps every stdout line; `"discard"` keeps reading but drops what it
   * reads (a log reader that keeps up); `"unread"` stops reading once the server listens, so
   * the pipe fills and every later write of the server blocks.
   */
  stdout?: "lines" | "discard" | "unread";
}

/** Starts the CLI and resolves once it prints its listening line. */
export function startCli(built: BuiltCli, args: string[], options: StartCliOptions = {}): Promise<RunningCli> {
  const child = spawn(process.execPath, [built.cli, ...args], {
    cwd: built.dir,
    env: built.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      stdout.push(line);
      const match = /^Tenant server listening on (\S+)$/.exec(line);
      if (!match) return;
      if (options.stdout === "unread") {
        lines.close();
        child.stdout!.pause();
      } else if (options.stdout === "discard") {
        lines.close();
        child.stdout!.removeAllListeners("data");
        child.stdout!.on("data", () => undefined);
        child.stdout!.resume();
      }
      resolvePromise({ child, url: match[1], stdout, stderr: () => stderr });
    });
    child.on("exit", (code) => reject(new Error(`CLI exited (${code}) before listening: ${stderr}`)));
  });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolvePromise) => child.once("exit", (code, signal) => resolvePromise({ code, signal })));
}
