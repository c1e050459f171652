/**
 * The login form's protections: a per-login CSRF token, and the service's brute-force
 * protection (wrong passwords counted per user and IP address, and per address across users).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The service blocks a user's logins from an address after 10 consecutive wrong passwords
 * (it unblocks by e-mail or an administrator; here the block lapses after
 * {@link BRUTE_FORCE.blockMs}), and throttles an address after 100 failures across users.
 */
export const BRUTE_FORCE = {
  /** Consecutive wrong passwords for one user from one address before that pair is blocked. */
  perUserAndAddress: 10,
  /** Wrong passwords from one address (any users) within {@link BRUTE_FORCE.windowMs} before it is throttled. */
  perAddress: 100,
  /** How long a block lasts. */
  blockMs: 15 * 60_000,
  /** The window of the per-address count. */
  windowMs: 60 * 60_000,
  /** Pairs and addresses tracked at most (the oldest are forgotten first). */
  maxTracked: 100_000,
} as const;

/** The CSRF token of a login in progress: an HMAC of its id under a key of this process, so nothing is stored. */
export class CsrfTokens {
  private readonly key = randomBytes(32);

  /** The token the login `uid`'s forms carry. */
  tokenFor(uid: string): string {
    return createHmac("sha256", this.key).update(uid).digest("base64url");
  }

  /** Whether `token` is the token of login `uid`. */
  verify(uid: string, token: unknown): boolean {
    if (typeof token !== "string") return false;
    const expected = Buffer.from(this.tokenFor(uid));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

interface Count {
  failures: number;
  since: number;
  blockedUntil?: number;
}

/** Why the guard refuses an attempt before the password is checked. */
export type GuardRefusal = "too-many-attempts" | "address-throttled";

/** Counts wrong passwords; see {@link BRUTE_FORCE}. */
export class BruteForceGuard {
  private readonly pairs = new Map<string, Count>();
  private readonly addresses = new Map<string, Count>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether an attempt for `username` from `address` may be checked at all. */
  check(username: string, address: string): GuardRefusal | undefined {
    const now = this.now();
    const perAddress = this.addresses.get(address);
    if (perAddress && now - perAddress.since < BRUTE_FORCE.windowMs && perAddress.failures >= BRUTE_FORCE.perAddress)
      return "address-throttled";
    const pair = this.pairs.get(pairKey(username, address));
    if (pair?.blockedUntil !== undefined && pair.blockedUntil > now) return "too-many-attempts";
    return undefined;
  }

  /** Counts a wrong password. */
  failed(username: string, address: string): void {
    const now = this.now();
    const pair = bump(this.pairs, pairKey(username, address), now, Infinity);
    if (pair.failures >= BRUTE_FORCE.perUserAndAddress) pair.blockedUntil = now + BRUTE_FORCE.blockMs;
    bump(this.addresses, address, now, BRUTE_FORCE.windowMs);
  }

  /** A successful login clears the user's count from that address (as the service's consecutive count). */
  succeeded(username: string, address: string): void {
    this.pairs.delete(pairKey(username, address));
  }
}

const pairKey = (username: string, address: string) => `${username.toLowerCase()}\u0000${address}`;

function bump(counts: Map<string, Count>, key: string, now: number, windowMs: number): Count {
  let count = counts.get(key);
  if (!count || now - count.since >= windowMs || (count.blockedUntil !== undefined && count.blockedUntil <= now)) {
    count = { failures: 0, since: now };
  }
  count.failures += 1;
  counts.delete(key);
  if (counts.size >= BRUTE_FORCE.maxTracked) counts.delete(counts.keys().next().value!);
  counts.set(key, count);
  return count;
}
