/**
 * The guest's bundle: the modules of guest/ (the program around an action's code inside the
 * engine) as one script, made by esbuild, that the engine evaluates (engine.ts). The server's
 * build writes it where the guest's entry would compile to (`guest/index.js` beside this file in
 * dist/); run from the TypeScript sources (tests), the sandbox bundles guest/ once per process,
 * in memory ({@link guestBundle}).
 *
 * The engine has no Node: a Node built-in imported by guest code (`node:fs`, `events`, a
 * `require("crypto")`) fails the bundle, naming the import and where it is, so it fails the
 * build instead of an action's run.
 *
 * Run as a program (the server's `build` script): `node guest-bundle.js <entry>` bundles `<entry>`
 * into `guest/index.js` beside itself.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative } from "node:path";
import type { Message, Plugin } from "esbuild";

/** The bundle of a built server: the compiled place of the guest's entry. */
export const GUEST_BUNDLE = join(__dirname, "guest", "index.js");
/** The guest's entry among the sources. */
const GUEST_ENTRY = join(__dirname, "guest", "index.ts");
/** The name the script gives its value: the entry's exports (`.default`: the program). */
export const GUEST_GLOBAL = "guest";

/** The guest's code does not bundle (an unresolved import, a Node built-in, a syntax error). */
export class GuestBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GuestBuildError";
  }
}

/** Refuses every Node built-in, with words that say why: the engine has no Node. */
const noNode: Plugin = {
  name: "guest-without-node",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point" || !(isBuiltin(args.path) || args.path.startsWith("node:"))) return undefined;
      return {
        errors: [
          {
            text:
              `"${args.path}" is a Node built-in, and the guest runs inside the action engine (QuickJS), which has no Node: ` +
              "use ECMAScript, a module of the guest's own folder, or a host function declared in guest/contract.d.ts",
          },
        ],
      };
    });
  },
};

/** Bundles under way in this process (the bundler's service is stopped when none is). */
let building = 0;

/** esbuild's messages as lines a person reads: `file:line:column: text`, then the line itself. */
function describe(messages: Message[]): string {
  return messages
    .map(({ text, location }) => {
      if (!location) return text;
      const at = `${location.file}:${location.line}:${location.column + 1}`;
      return `${at}: ${text}\n    ${location.lineText.trim()}`;
    })
    .join("\n");
}

/**
 * `entry` and what it imports as one script for the engine: `var guest = (() => { … })();`,
 * `guest` holding the entry's exports. Throws {@link GuestBuildError} when it does not bundle.
 */
export async function bundleGuest(entry: string): Promise<string> {
  const esbuild = require("esbuild") as typeof import("esbuild");
  building++;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "iife",
      globalName: GUEST_GLOBAL,
      // The engine is neither Node nor a browser: no Node module resolves, no package's
      // "browser" or "node" field is preferred.
      platform: "neutral",
      mainFields: ["module", "main"],
      plugins: [noNode],
      target: "es2022",
      // Bundling renames top-level names that two modules share; the names the action's code
      // sees (URL, Headers, EventEmitter, …) stay what the modules call them.
      keepNames: true,
      charset: "utf8",
      legalComments: "none",
      logLevel: "silent",
      // As the guest's tsconfig.json, whatever tsconfig lies near `entry`.
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: true } },
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages?.length) throw error;
    throw new GuestBuildError(
      `The guest code of ${relative(process.cwd(), entry) || entry} does not bundle for the action engine:\n` +
        describe(messages),
    );
  } finally {
    // The bundler's service process ends with the last build (a process bundles once, mostly).
    if (--building === 0) await esbuild.stop();
  }
}

let loaded: Promise<string> | undefined;

/**
 * The guest's script for the engine, read or made once per process: from the TypeScript sources
 * (tests, ts-node), guest/ bundled now; built, the bundle beside this file ({@link GUEST_BUNDLE});
 * compiled into another package's output (the workspace's dist/, for the bench and the
 * scripts), the server package's own.
 */
export function guestBundle(): Promise<string> {
  loaded ??= __filename.endsWith(".ts") ? bundleGuest(GUEST_ENTRY) : readBuilt();
  return loaded;
}

async function readBuilt(): Promise<string> {
  const candidates = [GUEST_BUNDLE];
  try {
    const server = dirname(require.resolve("pulumi-tenant-server/package.json"));
    candidates.push(join(server, "dist", "server", "sandbox", "guest", "index.js"));
  } catch {
    // Not installed beside this copy: only the bundle beside it can do.
  }
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      `The guest's bundle is missing (looked for ${candidates.join(" and ")}): build the server package (npm run build -w server)`,
    );
  }
  return readFileSync(found, "utf8");
}

/** The build's step: `node guest-bundle.js <entry>` writes {@link GUEST_BUNDLE}. */
async function main(entry: string | undefined): Promise<void> {
  if (!entry) throw new Error("Usage: node guest-bundle.js <the guest's entry, e.g. sandbox/guest/index.ts>");
  const script = await bundleGuest(entry);
  mkdirSync(dirname(GUEST_BUNDLE), { recursive: true });
  writeFileSync(GUEST_BUNDLE, script);
}

if (require.main === module) {
  main(process.argv[2]).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
