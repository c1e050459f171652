/**
 * Which file a `require` inside the engine loads: Node's resolution (relative files, then
 * `node_modules` up the tree, `exports`, `main`, `index.js`) with the conditions a runtime that
 * is not Node matches (`browser`, `require`, `default`) and the `browser` field's replacements, as
 * bundlers resolve for such runtimes. That is how `axios` loads its fetch adapter rather than its
 * Node `http` one. Every file it answers lies inside one of the roots it was given (a declared
 * dependency's install, the packages of the built-ins); anything else is "not found".
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve as resolvePath, sep } from "node:path";

/** Conditions of `exports` that the engine matches, as a browser bundle would. */
const CONDITIONS = new Set(["browser", "require", "default"]);

/** The same error Node throws, so that code testing `error.code` works as in the service. */
export class ModuleNotFound extends Error {
  readonly code = "MODULE_NOT_FOUND";
  constructor(message: string) {
    super(message);
    this.name = "Error";
  }
}

/** Where a require may look: real paths of directories. */
export class ModuleRoots {
  private readonly roots: string[];
  constructor(roots: string[]) {
    this.roots = roots.filter((root) => existsSync(root)).map((root) => realpathSync(root));
  }

  /** True when `file` (a real path) lies inside a root. */
  contains(file: string): boolean {
    return this.roots.some((root) => {
      const inner = relative(root, file);
      return inner !== "" && !inner.startsWith("..") && !isAbsolute(inner);
    });
  }

  /** The file `request` names from the module `from` (a real path), or undefined for `false` (an empty module). */
  resolve(from: string, request: string, searchFrom: string[]): string | false {
    const found =
      request.startsWith("./") || request.startsWith("../") || request === "." || request === ".."
        ? this.file(resolvePath(dirname(from), request))
        : this.bare(request, searchFrom);
    if (found === undefined) throw new ModuleNotFound(`Cannot find module '${request}'`);
    if (found === false) return false;
    const real = realpathSync(found);
    if (!this.contains(real)) throw new ModuleNotFound(`Cannot find module '${request}'`);
    const replaced = this.browserReplacement(real);
    if (replaced === EMPTY_MODULE) return false;
    if (replaced !== undefined && !this.contains(realpathSync(replaced)))
      throw new ModuleNotFound(`Cannot find module '${request}'`);
    return replaced ?? real;
  }

  /** A file, or the file of a directory (its package's main, its index). */
  private file(path: string): string | undefined {
    for (const candidate of [path, `${path}.js`, `${path}.cjs`, `${path}.json`]) {
      if (isFile(candidate)) return candidate;
    }
    if (isDirectory(path)) {
      const pkg = readPackage(path);
      const main =
        pkg && (typeof pkg.browser === "string" ? pkg.browser : typeof pkg.main === "string" ? pkg.main : undefined);
      if (main) {
        const file = this.file(join(path, main));
        if (file) return file;
      }
      for (const index of ["index.js", "index.cjs", "index.json"])
        if (isFile(join(path, index))) return join(path, index);
    }
    return undefined;
  }

  /** A package by name, from the `node_modules` folders of `searchFrom` (in order). */
  private bare(request: string, searchFrom: string[]): string | false | undefined {
    const parts = request.split("/");
    const name = request.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    const subpath = request.slice(name.length);
    // Node's lookup: `<dir>/node_modules/<name>` from the requiring file's folder up, but only
    // folders inside a root count.
    for (const start of searchFrom) {
      for (let dir = start; ; dir = dirname(dir)) {
        const packageDir = join(dir, "node_modules", name);
        if (basename(dir) !== "node_modules" && this.contains(packageDir) && isDirectory(packageDir)) {
          return this.inPackage(packageDir, subpath);
        }
        if (dirname(dir) === dir) break;
      }
    }
    return undefined;
  }

  /** `subpath` (`""` or `/x`) of the package at `packageDir`, through its `exports` when it has them. */
  private inPackage(packageDir: string, subpath: string): string | false | undefined {
    const pkg = readPackage(packageDir);
    if (pkg?.exports !== undefined && pkg.exports !== null) {
      const target = exportTarget(pkg.exports, `.${subpath}`);
      return target === undefined ? undefined : target === null ? false : this.file(join(packageDir, target));
    }
    return this.file(join(packageDir, subpath));
  }

  /** The `browser` field's replacement of `file` in its package (false: an empty module). */
  private browserReplacement(file: string): string | undefined {
    for (let dir = dirname(file); this.contains(dir); dir = dirname(dir)) {
      const pkg = readPackage(dir);
      if (!pkg) continue;
      const browser = pkg.browser;
      if (browser && typeof browser === "object") {
        const key = `./${relative(dir, file).split(sep).join("/")}`;
        for (const [from, to] of Object.entries(browser as Record<string, unknown>)) {
          const normal = from.startsWith("./") ? from : `./${from}`;
          if (normal === key || `${normal}.js` === key) {
            return typeof to === "string" ? this.file(join(dir, to)) : EMPTY_MODULE;
          }
        }
      }
      return undefined;
    }
    return undefined;
  }
}

/** The name the host gives a file that a `browser` field replaces with `false`. */
export const EMPTY_MODULE = "<empty>";

/** The target of `entry` in a package's `exports` under {@link CONDITIONS}; null when excluded. */
function exportTarget(exports: unknown, entry: string): string | null | undefined {
  const map =
    typeof exports === "string" ||
    Array.isArray(exports) ||
    !Object.keys(exports as object).every((k) => k.startsWith("."))
      ? { ".": exports }
      : (exports as Record<string, unknown>);
  if (entry in map) return conditional(map[entry], "");
  for (const [pattern, value] of Object.entries(map)) {
    const star = pattern.indexOf("*");
    if (star < 0) continue;
    const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (entry.startsWith(head) && entry.endsWith(tail) && entry.length >= pattern.length - 1) {
      return conditional(value, entry.slice(head.length, entry.length - tail.length));
    }
  }
  return undefined;
}

function conditional(value: unknown, star: string): string | null | undefined {
  if (value === null) return null;
  if (typeof value === "string") return value.replace(/\*/g, star);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = conditional(item, star);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === "object") {
    for (const [condition, inner] of Object.entries(value as Record<string, unknown>)) {
      if (!CONDITIONS.has(condition)) continue;
      const found = conditional(inner, star);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function readPackage(dir: string): Record<string, unknown> | undefined {
  const file = join(dir, "package.json");
  if (!isFile(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
