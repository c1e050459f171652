/**
 * The data directory's private files: the signing key, the data key, the database, the
 * admin credentials, the TLS key. Each must be this user's and closed to everyone else.
 *
 * A key someone else could read lets them forge tokens (the admin's included); a file or
 * directory someone else owns may have been planted there. So the server refuses to start —
 * saying which file and what to do — when a file or directory belongs to another user or a key
 * file is open to others. A directory the server makes it makes owner-only (0700); one that already exists and
 * is open to group or others is refused rather than chmodded (it may be a home directory or a shared
 * one: `--data-dir ~` must not silently change who can enter it). What the server writes it writes
 * owner-only (0600), atomically.
 */
import { chmodSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OTHERS = 0o077;
const currentUid = (): number | undefined => process.getuid?.();
const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

function checkOwner(path: string, uid: number): void {
  const me = currentUid();
  if (me !== undefined && uid !== me) {
    throw new Error(
      `${path} is owned by another user (uid ${uid}, this process runs as uid ${me}): it may have been planted. ` +
        "Use a data directory of your own (--data-dir), or remove it if you know where it came from.",
    );
  }
}

/**
 * Creates `dir` owner-only (0700) if it is missing. An existing one must be ours and closed to
 * group and others: it is refused, never chmodded, since it may hold more than the server's files.
 */
export function ensurePrivateDir(dir: string): void {
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined;
  const stat = statSync(dir);
  if (!stat.isDirectory())
    throw new Error(`${dir} is not a directory. Give --data-dir a directory path, or a path that does not exist yet.`);
  checkOwner(dir, stat.uid);
  if (created) return;
  if (stat.mode & OTHERS) {
    throw new Error(
      `${dir} is open to group or others (mode ${octal(stat.mode)}); the server keeps keys and sealed secrets there ` +
        `and will not change the mode of a directory it did not create. If it holds only tenant data, chmod 700 ${dir}; ` +
        "otherwise choose a new directory with --data-dir (it is created owner-only).",
    );
  }
}

/**
 * Checks a key file before it is used: it must be ours and neither readable nor writable
 * by anyone else. A key that was open to others cannot be trusted however it is chmodded
 * now, so the remedy offered is a new key, or chmod if the operator knows better.
 */
export function checkPrivateKeyFile(path: string, what: string): void {
  const stat = statSync(path);
  checkOwner(path, stat.uid);
  if (stat.mode & OTHERS) {
    const access = stat.mode & 0o044 ? "readable" : "writable";
    throw new Error(
      `The ${what} ${path} is ${access} by others (mode ${octal(stat.mode)}): anyone who read or replaced it may be able ` +
        `to ${what === "signing key" ? "forge tokens, the admin client's included" : "read what it protects"}. Remove it to have a new one made ` +
        `(which ends what it protected), or, if you are sure no one else has had it, chmod 600 ${path}.`,
    );
  }
}

/** Checks a data file the server reads and rewrites: ours (else throws), and made owner-only. */
export function checkPrivateDataFile(path: string): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  checkOwner(path, stat.uid);
  if (stat.mode & OTHERS) chmodSync(path, 0o600);
}

/** Writes `content` to `path` owner-only, through a temporary file, so a crash never leaves half of it. */
export function writePrivateFile(path: string, content: string | Buffer): void {
  writeFileSync(`${path}.tmp`, content, { mode: 0o600 });
  chmodSync(`${path}.tmp`, 0o600); // a leftover .tmp from a crash keeps its old mode otherwise
  renameSync(`${path}.tmp`, path);
}

/** The directory of the keys inside a data directory, made owner-only. */
export function keysDir(dataDir: string): string {
  const dir = join(dataDir, "keys");
  ensurePrivateDir(dir);
  return dir;
}
