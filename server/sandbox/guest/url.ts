/**
 * `URL` and `URLSearchParams` inside the engine. The query string is parsed and written here;
 * a URL is parsed by the host's WHATWG parser ({@link GuestHost.parseUrl}) and kept as its parts.
 */
import type { GuestHost } from "./contract";

/** The web's `URLSearchParams`; `onChange` lets a URL follow its own `searchParams`. Pure. */
export class URLSearchParams {
  private list: [string, string][] = [];
  private onChange: (() => void) | undefined;
  constructor(init?: unknown, onChange?: () => void) {
    if (typeof init === "string") this.parse(init);
    else if (Array.isArray(init)) for (const [k, v] of init) this.list.push([String(k), String(v)]);
    else if (init && typeof init === "object")
      for (const key of Object.keys(init)) this.list.push([key, String((init as Record<string, unknown>)[key])]);
    this.onChange = onChange;
  }
  parse(query: string) {
    this.list = [];
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        return part;
      }
    };
    for (const pair of query.replace(/^\?/, "").split("&")) {
      if (!pair) continue;
      const at = pair.indexOf("=");
      this.list.push(at < 0 ? [decode(pair), ""] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))]);
    }
  }
  private changed() {
    this.onChange?.();
  }
  append(key: string, value: unknown) {
    this.list.push([String(key), String(value)]);
    this.changed();
  }
  set(key: string, value: unknown) {
    const at = this.list.findIndex(([k]) => k === key);
    this.list = this.list.filter(([k], index) => k !== key || index === at);
    if (at < 0) this.list.push([String(key), String(value)]);
    else this.list[at] = [String(key), String(value)];
    this.changed();
  }
  delete(key: string) {
    this.list = this.list.filter(([k]) => k !== key);
    this.changed();
  }
  get(key: string) {
    return this.list.find(([k]) => k === key)?.[1] ?? null;
  }
  getAll(key: string) {
    return this.list.filter(([k]) => k === key).map(([, v]) => v);
  }
  has(key: string) {
    return this.list.some(([k]) => k === key);
  }
  forEach(callback: (value: string, key: string, self: URLSearchParams) => void) {
    for (const [k, v] of this.list) callback(v, k, this);
  }
  keys() {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values() {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries() {
    return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  get size() {
    return this.list.length;
  }
  toString() {
    const encode = (part: string) =>
      encodeURIComponent(part)
        .replace(/%20/g, "+")
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return this.list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  }
}

type UrlParts = Record<"href" | "protocol" | "username" | "password" | "host" | "hostname" | "port", string> &
  Record<"pathname" | "search" | "hash" | "origin", string>;

/** A URL as the action's code sees it: its parts, each one settable but `origin`. */
export type GuestUrl = Record<"href" | "protocol" | "username" | "password" | "host" | "hostname" | "port", string> &
  Record<"pathname" | "search" | "hash", string> & {
    readonly origin: string;
    readonly searchParams: URLSearchParams;
    toJSON(): string;
  };

/** The web's `URL` class. */
export interface UrlClass {
  new (href: unknown, base?: unknown): GuestUrl;
  canParse(href: unknown, base?: unknown): boolean;
}

/** The web's `URL` class, each URL parsed by `host`. */
export function urlClass(host: Pick<GuestHost, "parseUrl">): UrlClass {
  const parse = JSON.parse;
  class URL {
    private parts!: UrlParts;
    readonly searchParams: URLSearchParams;
    constructor(href: unknown, base?: unknown) {
      this.reparse(String(href), base === undefined ? undefined : String(base));
      this.searchParams = new URLSearchParams(this.parts.search, () => {
        const query = this.searchParams.toString();
        this.reparse(this.parts.href.replace(/(\?[^#]*)?(#.*)?$/, `${query ? `?${query}` : ""}${this.parts.hash}`));
      });
    }
    private reparse(href: string, base?: string) {
      this.parts = parse(host.parseUrl(href, base)) as UrlParts;
      (this.searchParams as URLSearchParams | undefined)?.parse(this.parts.search);
    }
    private with(part: keyof UrlParts, value: string) {
      const parts = { ...this.parts, [part]: value };
      const auth = parts.username ? `${parts.username}${parts.password ? `:${parts.password}` : ""}@` : "";
      const search = parts.search && !parts.search.startsWith("?") ? `?${parts.search}` : parts.search;
      const hash = parts.hash && !parts.hash.startsWith("#") ? `#${parts.hash}` : parts.hash;
      const host =
        part === "hostname" || part === "port" ? `${parts.hostname}${parts.port ? `:${parts.port}` : ""}` : parts.host;
      const path = parts.pathname.startsWith("/") ? parts.pathname : `/${parts.pathname}`;
      this.reparse(`${parts.protocol.replace(/:?$/, ":")}//${auth}${host}${path}${search}${hash}`);
    }
    static canParse(href: unknown, base?: unknown) {
      try {
        new URL(href, base);
        return true;
      } catch {
        return false;
      }
    }
    toString() {
      return this.parts.href;
    }
    toJSON() {
      return this.parts.href;
    }
  }
  for (const part of [
    "href",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
  ]) {
    Object.defineProperty(URL.prototype, part, {
      get(this: { parts: UrlParts }) {
        return this.parts[part as keyof UrlParts];
      },
      set(this: { with(p: string, v: string): void; reparse(h: string): void }, value: unknown) {
        if (part === "href") this.reparse(String(value));
        else this.with(part, String(value));
      },
    });
  }
  Object.defineProperty(URL.prototype, "origin", {
    get(this: { parts: UrlParts }) {
      return this.parts.origin;
    },
  });
  return URL as unknown as UrlClass;
}
