/**
 * A temporary copy of parts of the checkout, for a test that runs a program, a script or a
 * guide that would otherwise write into the checkout (stack files, tarballs, data folders).
 * Tests never write, move or delete anything in the checkout: a user's `Pulumi.<stack>.yaml`,
 * tarball or `.tenant/` at the same path stays as it was.
 *
 * The copy lives in the run's temporary folder (PULUMI_TENANT_TEST_ROOT under `npm test`, else
 * the system's), holds the named paths copied (without `node_modules`, stack files, tarballs or
 * the local tenants' data) and a `node_modules` link to the checkout's, so programs resolve
 * `pulumi-tenant` and `@pulumi/pulumi` as they do in the checkout. Build outputs named in
 * `link` are linked, not copied (read-only use). {@link programCopy} copies one Pulumi program
 * and links the rest of the checkout around it, so its relative paths resolve as in the checkout
 * (test/e2e/harness.ts's `startE2e` runs every program of the checkout from such a copy).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../scripts/lib/pulumi";

/** What a copy never takes from the checkout: what users and earlier runs leave there. */
const NOT_COPIED = /(^|\/)(node_modules|\.tenant|\.pulumi-demo|\.pulumi-home|Pulumi\.[^/]+\.yaml|[^/]+\.tgz)$/;

/** What `linkRest` never links at the root: `node_modules` (linked anyway) and hidden entries (`.git`, data folders). */
const NOT_LINKED = /^(\..*|node_modules)$/;

export interface CheckoutCopy {
  /** The copy's root: the checkout's paths below it keep their relative places. */
  dir: string;
  /** `relative` (a checkout-relative path) inside the copy. */
  at(relative: string): string;
  /** Removes the copy. */
  remove(): void;
}

/** `file` relative to the checkout, with `/` separators; undefined when it is outside. */
export function checkoutRelative(file: string): string | undefined {
  const relative = path.relative(REPO_ROOT, path.resolve(file));
  if (relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

/**
 * The checkout's entries to link so that `parts`, copied, still find every sibling they reach by
 * a relative path (`../scenario.json`, `../../../provider/bin`, `../../../../sdk/go`): every entry
 * of each folder on the way from the root to a part, except the parts, the folders holding them,
 * and what is never copied (stack files, tarballs, the local tenants' data, hidden folders).
 */
function restOf(parts: string[]): string[] {
  const kept = new Set<string>();
  for (const part of parts) {
    const segments = part.split("/");
    for (let i = 1; i <= segments.length; i++) kept.add(segments.slice(0, i).join("/"));
  }
  const folders = new Set([""]);
  for (const part of parts) {
    const segments = part.split("/");
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join("/"));
  }
  const links: string[] = [];
  for (const folder of folders) {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, folder))) {
      const relative = folder ? `${folder}/${entry}` : entry;
      if (kept.has(relative) || NOT_COPIED.test(relative) || (!folder && NOT_LINKED.test(entry))) continue;
      links.push(relative);
    }
  }
  return links;
}

/**
 * Copies `parts` (checkout-relative files or folders) into a new temporary folder named after
 * `name`; `link` (checkout-relative) are symbolic links to the checkout's instead. With
 * `linkRest`, every other entry of the folders on the way to the parts is a link to the
 * checkout's too, so that what the parts reach by relative paths resolves (read-only use: only
 * the parts are the copy's own).
 */
export function checkoutCopy(
  name: string,
  parts: string[],
  options: { link?: string[]; linkRest?: boolean } = {},
): CheckoutCopy {
  const root = process.env.PULUMI_TENANT_TEST_ROOT ?? os.tmpdir();
  const dir = fs.mkdtempSync(path.join(root, `tenant-checkout-${name}-`));
  for (const part of parts) {
    const source = path.join(REPO_ROOT, part);
    if (!fs.existsSync(source)) throw new Error(`checkoutCopy: ${part} is not in the checkout`);
    fs.cpSync(source, path.join(dir, part), {
      recursive: true,
      filter: (from) => from === source || !NOT_COPIED.test(path.relative(REPO_ROOT, from).split(path.sep).join("/")),
    });
  }
  const links = new Set(["node_modules", ...(options.link ?? []), ...(options.linkRest ? restOf(parts) : [])]);
  for (const part of links) {
    const target = path.join(dir, part);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(
      path.join(REPO_ROOT, part),
      target,
      fs.statSync(path.join(REPO_ROOT, part)).isDirectory() ? "dir" : "file",
    );
  }
  return {
    dir,
    at: (relative) => path.join(dir, relative),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A copy of one Pulumi program of the checkout: {@link checkoutCopy} with `program`, its copied folder. */
export interface ProgramCopy extends CheckoutCopy {
  /** The program's folder in the copy (where its `Pulumi.yaml` and stack files are). */
  program: string;
}

/**
 * A copy of the Pulumi program in `programDir` (a folder of the checkout), for a test that opens
 * stacks on it or runs the CLI in it: its stack files, build outputs (Java's `target/`, Go's
 * `go.sum` updates) and anything else it writes stay in the copy. The program's folder is copied
 * (for the root project, its `Pulumi.yaml`), with the folder its `main:` names when that is
 * elsewhere (examples/real-tenant's `../realistic/`); the rest of the checkout it reaches by
 * relative paths (`../scenario.json`, `plugins: path: ../../../provider/bin`, `../../../sdk/nodejs`)
 * is linked.
 */
export function programCopy(name: string, programDir: string): ProgramCopy {
  const relative = checkoutRelative(programDir);
  if (relative === undefined) throw new Error(`programCopy: ${programDir} is not in the checkout (${REPO_ROOT})`);
  const project = fs.readFileSync(path.join(programDir, "Pulumi.yaml"), "utf8");
  const parts = [relative === "" ? "Pulumi.yaml" : relative];
  const main = /^main:\s*["']?([^"'\s#]+)/m.exec(project)?.[1];
  if (main) {
    const mainPath = path.resolve(programDir, main);
    const folder = checkoutRelative(
      fs.existsSync(mainPath) && fs.statSync(mainPath).isDirectory() ? mainPath : path.dirname(mainPath),
    );
    const inside = (part: string) => folder === part || folder!.startsWith(`${part}/`);
    if (folder && !(relative !== "" && inside(relative))) parts.push(folder);
  }
  const copy = checkoutCopy(name, parts, { linkRest: true });
  return { ...copy, program: copy.at(relative) };
}
