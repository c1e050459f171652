/**
 * The files a run's `require` may load into the engine: the action's declared dependencies from
 * the dependency cache (each under its own install folder), and the npm packages that stand for
 * some Node built-ins (`buffer`, `path`, `querystring`, `string_decoder`). The host reads them;
 * the code itself reads no file. A module the action did not declare is "not found", as in the
 * service; a Node built-in that is not offered is refused by name.
 */
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join } from "node:path";
import { EMPTY_MODULE, ModuleNotFound, ModuleRoots } from "./resolve";

/** The npm packages that stand for Node built-ins inside the engine. */
const BUILTIN_PACKAGES: Record<string, string> = {
  buffer: "buffer",
  path: "path-browserify",
  querystring: "querystring-es3",
  string_decoder: "string_decoder",
};
/** Packages those need in turn. */
const BUILTIN_DEPENDENCIES = ["base64-js", "ieee754", "safe-buffer"];

/** The node_modules folder the server's package `name` is installed in. */
function packageHome(name: string): string {
  return dirname(dirname(require.resolve(`${name}/package.json`)));
}

/** A file at most this big is loaded; a run loads at most {@link MAX_LOADED} characters in all. */
const MAX_FILE = 10_000_000;
const MAX_LOADED = 50_000_000;

/** One file to compile: its name in stack traces, and its CommonJS body. */
export interface LoadedModule {
  filename: string;
  /** The module's source (a JSON file arrives as `module.exports = …`). */
  source: string;
}

/** The loader of one run. */
export class RunLoader {
  private readonly dependencies: ModuleRoots;
  private readonly builtins: ModuleRoots;
  private loaded = 0;

  /**
   * @param actionFile the action's own file name (requires from it see only declared packages)
   * @param roots package name → the folder its install lies in (`<folder>/node_modules/<name>`)
   * @param offered the Node built-ins the code may require
   */
  constructor(
    private readonly actionFile: string,
    private readonly roots: Record<string, string>,
    private readonly offered: string[],
  ) {
    this.dependencies = new ModuleRoots(Object.values(roots));
    // The node_modules folders that hold the server's own packages for the built-ins.
    this.builtins = new ModuleRoots([
      ...new Set([...Object.values(BUILTIN_PACKAGES), ...BUILTIN_DEPENDENCIES].map(packageHome)),
    ]);
  }

  /** The module `request` names from `from` (the action's file, a loaded file, or `<builtin>`). */
  load(from: string, request: string): LoadedModule {
    const bare = request.startsWith("node:") ? request.slice(5) : request;
    if (from === "<builtin>") {
      const name = BUILTIN_PACKAGES[bare];
      if (!name) throw new ModuleNotFound(`Cannot find module '${request}'`);
      return this.read(this.builtins, this.builtins.resolve(__filename, name, [dirname(packageHome(name))]), request);
    }
    if (isBuiltin(request)) {
      throw new Error(
        `require("${request}") is refused: an action run locally may require only these Node built-ins: ` +
          `${this.offered.join(", ")}` +
          (/^(node:)?(http|https|net|tls|dns|dgram|http2)$/.test(request)
            ? ". Its network requests are answered from the test's fixtures through fetch (axios included)"
            : ""),
      );
    }
    if (from === this.actionFile) {
      const name = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0]!;
      const root = this.roots[name];
      if (bare.startsWith(".") || bare.startsWith("/") || !root) {
        throw new ModuleNotFound(
          `Cannot find module '${request}'` +
            (bare.startsWith(".") || bare.startsWith("/")
              ? " (an action is one file: it has no other files to require)"
              : `: declare it in the action's dependencies ({ name: "${name}", version: "<exact version>" }), as the service requires`),
        );
      }
      return this.read(this.dependencies, this.dependencies.resolve(join(root, "package.json"), bare, [root]), request);
    }
    const roots = this.dependencies.contains(from) ? this.dependencies : this.builtins;
    if (!roots.contains(from)) throw new ModuleNotFound(`Cannot find module '${request}'`);
    return this.read(roots, roots.resolve(from, bare, [dirname(from)]), request);
  }

  private read(roots: ModuleRoots, file: string | false, request: string): LoadedModule {
    if (file === false) return { filename: `${EMPTY_MODULE}${request}`, source: "" };
    if (!roots.contains(file)) throw new ModuleNotFound(`Cannot find module '${request}'`);
    const text = readFileSync(file, "utf8");
    if (text.length > MAX_FILE || this.loaded + text.length > MAX_LOADED) {
      throw new Error(
        `require("${request}"): ${file} is bigger than the local runner loads (${MAX_FILE} characters a file)`,
      );
    }
    this.loaded += text.length;
    if (file.endsWith(".json")) {
      JSON.parse(text);
      return { filename: file, source: `module.exports = ${text};` };
    }
    if (file.endsWith(".mjs")) {
      throw new Error(
        `require("${request}"): ${file} is an ES module; the local runner loads CommonJS packages (require)`,
      );
    }
    return { filename: file, source: text.replace(/^#!.*/, "") };
  }
}
