/**
 * What the parts of one tenant's client share (http.ts composes them): the settings, the
 * resolved options, the current token, and the failure that stops every later call.
 *
 * Failures that will fail every later call too — the token endpoint refusing the
 * credentials or missing (a wrong domain), the tenant not answering after every retry,
 * a static token refused — block the client for the rest of the process: the first
 * caller gets the full message, later ones a short pointer to it ({@link SharedFailure}),
 * and nobody waits for a dead host twice.
 */
import { describeTarget, type ErrorTarget, redact, type SharedFailure } from "./errors";
import type { Sleep } from "./limiter";
import { configKeys, DEFAULT_NAMESPACE, type SettingName, settingSource, type TenantSettings } from "./settings";

/** The options of a client once defaults are applied (see `TenantClientOptions`). */
export interface ClientOptions {
  timeoutMs: number;
  rateLimitBudgetMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  sleep: Sleep;
  now: () => number;
  keepAlive: boolean;
}

/** One tenant client's shared state. */
export class ClientContext {
  /** The access token and when to renew it (token.ts). */
  token?: { value: string; renewAt: number };
  /** Set once a failure makes every later call fail too (see the module comment). */
  private blockedBy?: SharedFailure;

  constructor(
    readonly settings: TenantSettings,
    readonly options: ClientOptions,
  ) {}

  /** The failure that stops every call, if any. */
  get blocked(): SharedFailure | undefined {
    return this.blockedBy;
  }

  /** Blocks the client with `failure` (the first one stays); returns the failure that blocks it. */
  block(failure: SharedFailure): SharedFailure {
    this.blockedBy ??= failure;
    return this.blockedBy;
  }

  /** Throws the blocking failure's error for `about`, when the client is blocked. */
  throwIfBlocked(about?: string): void {
    if (this.blockedBy) throw this.blockedBy.next(about);
  }

  /** `text` without the client's secrets and `more`. */
  hide(text: string, more: readonly (string | undefined)[] = []): string {
    return redact(text, [this.settings.clientSecret, this.settings.apiToken, this.token?.value, ...more]);
  }

  /** `tenant:domain (or AUTH0_DOMAIN)` or `prod:domain`: where the user sets `name`, for messages. */
  setting(name: SettingName): string {
    return settingSource(this.namespace, name);
  }

  /** The key alone: `tenant:timeoutSeconds`. */
  key(name: SettingName): string {
    return configKeys(this.namespace)[name];
  }

  private get namespace(): string {
    return this.settings.namespace ?? DEFAULT_NAMESPACE;
  }
}

/** `form ap_…` / `form "Sign-up"` for a pointer to a call's error; nothing for a call about no one object (a list). */
export function named(target: ErrorTarget): string | undefined {
  return target.id || target.name ? describeTarget(target) : undefined;
}

/** `tries` for messages: `1 attempt`, `3 attempts`. */
export function attempts(count: number): string {
  return `${count} attempt${count > 1 ? "s" : ""}`;
}
