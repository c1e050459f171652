/**
 * Secrets at rest: the store seals the secret fields of what it keeps (webhook
 * credentials, form component secrets) with AES-256-GCM under a data key, so the database
 * file — a backup, a copy, a leftover — holds no secret in clear. The data key lives in
 * `<dataDir>/keys/data-key` (0600, checked like the signing key); without a data
 * directory it exists only in memory, like the store.
 *
 * Each sealed value is bound to where it belongs (`table:id`), so a sealed value moved to
 * another row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { secretPlaces, type SecretPath, type SecretPlace } from "../api";
import { keysDir } from "./files";
import { checkPrivateKeyFile, writePrivateFile } from "./files";

const ALGORITHM = "aes-256-gcm";
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Path of the data key inside a data directory. */
export function dataKeyPath(dataDir: string): string {
  return join(dataDir, "keys", "data-key");
}

/** Seals and opens secrets with one key. */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("The data key must be 32 bytes");
  }

  /** `plaintext` sealed for `place`: `v1.<base64url of iv, ciphertext and tag>`. */
  seal(plaintext: string, place: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(place, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
  }

  /** Opens what {@link seal} made for the same `place`; throws when the key or place differ or the value was altered. */
  open(sealed: string, place: string): string {
    const [version, data] = sealed.split(".", 2);
    if (version !== VERSION || !data) throw new Error(`Unknown sealed value format for ${place}`);
    const bytes = Buffer.from(data, "base64url");
    const decipher = createDecipheriv(ALGORITHM, this.key, bytes.subarray(0, IV_BYTES)).setAAD(
      Buffer.from(place, "utf8"),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  }
}

/** The data key of `dataDir` (made on first start), or a key for this process only. */
export function loadDataKey(dataDir?: string): Buffer {
  if (!dataDir) return randomBytes(32);
  keysDir(dataDir);
  const path = dataKeyPath(dataDir);
  if (existsSync(path)) {
    checkPrivateKeyFile(path, "data key");
    const key = Buffer.from(readFileSync(path, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`The data key ${path} is not 32 bytes of base64: restore it from a backup`);
    return key;
  }
  const key = randomBytes(32);
  writePrivateFile(path, `${key.toString("base64")}\n`);
  return key;
}

type Container = Record<string | number, unknown>;

function parentOf(doc: unknown, place: SecretPlace): Container | undefined {
  let node = doc;
  for (const key of place.slice(0, -1)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Container)[key];
  }
  return typeof node === "object" && node !== null ? (node as Container) : undefined;
}

/**
 * A copy of `doc` with the value at each place `paths` (the table's secret paths) reach
 * replaced by `null` (keeping its place among its siblings), and those values sealed
 * together for `place`; `sealed` is undefined when `doc` holds none of them.
 */
export function sealSecrets<T>(
  doc: T,
  paths: readonly SecretPath[],
  box: SecretBox,
  place: string,
): { stored: T; sealed?: string } {
  const present = secretPlaces(doc, paths);
  if (present.length === 0) return { stored: doc };
  const stored = structuredClone(doc);
  const secrets = present.map((at) => {
    const parent = parentOf(stored, at)!;
    const key = at[at.length - 1];
    const value = parent[key];
    parent[key] = null;
    return [at, value] as const;
  });
  return { stored, sealed: box.seal(JSON.stringify(secrets), place) };
}

/**
 * Whether `stored` (a row's body) still holds a secret of `paths` in clear: a row written
 * before that path was declared secret (e.g. a form's Google Maps `server_key` before 412564a).
 */
export function holdsClearSecret(stored: unknown, paths: readonly SecretPath[]): boolean {
  return secretPlaces(stored, paths).some((at) => parentOf(stored, at)?.[at[at.length - 1]] !== null);
}

/** Puts the values {@link sealSecrets} sealed back into `stored` (in place) and returns it. */
export function openSecrets<T>(stored: T, sealed: string, box: SecretBox, place: string): T {
  for (const [at, value] of JSON.parse(box.open(sealed, place)) as [SecretPlace, unknown][]) {
    const parent = parentOf(stored, at);
    if (parent) parent[at[at.length - 1]] = value;
  }
  return stored;
}
