/**
 * Users' passwords as the tenant keeps them: a slow hash (scrypt, node:crypto) with a random
 * salt per password, in a self-describing string `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`, so
 * that a hash made with another cost still checks. The password itself is never stored.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's costs: N = 2^`ln`, block size `r`, parallelism `p`. */
export interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

/** The cost of new hashes: about 70 ms and 32 MiB per hash on a laptop core. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { ln: 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** The largest cost a stored hash may ask for (a hash from elsewhere must not take the server's memory). */
const MAX_LN = 20;
const MAX_R = 16;
const MAX_P = 4;

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.ln;
  // scrypt needs about 128·N·r bytes: allow twice that.
  const maxmem = 256 * N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, HASH_BYTES, { N, r: cost.r, p: cost.p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of `password`: scrypt with a fresh salt at `cost`. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, cost);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** A stored hash read back; undefined when it is not one this module made. */
function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const match = FORMAT.exec(stored);
  if (!match) return undefined;
  const cost = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (cost.ln < 1 || cost.ln > MAX_LN || cost.r < 1 || cost.r > MAX_R || cost.p < 1 || cost.p > MAX_P) return undefined;
  return { cost, salt: Buffer.from(match[4], "base64url"), hash: Buffer.from(match[5], "base64url") };
}

/** A hash that never matches, worked through when there is no user, so that timing does not tell. */
let decoy: Promise<string> | undefined;

/**
 * True when `password` is the one `stored` was made from, compared in constant time. With
 * `stored` undefined (no such user) the same work is done against a decoy and false answered.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = parse(stored ?? (await (decoy ??= hashPassword(randomBytes(32).toString("hex")))));
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  return stored !== undefined && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}
