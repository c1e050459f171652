/**
 * `fetch` inside the engine, with `Headers`, `Request`, `Response`, `AbortController` and
 * `AbortSignal`: every request goes to the host, which records it and answers it from the test's
 * fixtures (server/sandbox/network.ts). No connection is ever made.
 */
import type { GuestHost, GuestWeb } from "./contract";
import { URLSearchParams } from "./url";

/** The web's `AbortSignal`: enough for fetch and for clients that pass a signal. Pure. */
export class AbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: ((event: unknown) => void) | null = null;
  private listeners: ((event: unknown) => void)[] = [];
  addEventListener(type: string, listener: (event: unknown) => void) {
    if (type === "abort") this.listeners.push(listener);
  }
  removeEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  throwIfAborted() {
    if (this.aborted) throw this.reason;
  }
  dispatch(reason: unknown) {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const event = { type: "abort", target: this };
    this.onabort?.(event);
    for (const listener of this.listeners) listener(event);
  }
  static abort(reason?: unknown) {
    const signal = new AbortSignal();
    signal.dispatch(reason ?? new Error("This operation was aborted"));
    return signal;
  }
  static timeout() {
    return new AbortSignal();
  }
}

/** The web's `AbortController`. Pure. */
export class AbortController {
  readonly signal = new AbortSignal();
  abort(reason?: unknown) {
    const error = reason ?? Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
    this.signal.dispatch(error);
  }
}

/** The web's `Headers`: names lower-cased, repeated values joined, listed in order of name. Pure. */
export class Headers {
  private map = new Map<string, string>();
  constructor(init?: unknown) {
    if (init instanceof Headers) init.forEach((value, key) => this.append(key, value));
    else if (Array.isArray(init)) for (const [k, v] of init) this.append(String(k), String(v));
    else if (init && typeof init === "object")
      for (const key of Object.keys(init)) this.append(key, String((init as Record<string, unknown>)[key]));
  }
  append(key: string, value: string) {
    const name = String(key).toLowerCase();
    const old = this.map.get(name);
    this.map.set(name, old === undefined ? String(value) : `${old}, ${value}`);
  }
  set(key: string, value: string) {
    this.map.set(String(key).toLowerCase(), String(value));
  }
  get(key: string) {
    return this.map.get(String(key).toLowerCase()) ?? null;
  }
  has(key: string) {
    return this.map.has(String(key).toLowerCase());
  }
  delete(key: string) {
    this.map.delete(String(key).toLowerCase());
  }
  forEach(callback: (value: string, key: string, self: Headers) => void) {
    for (const [k, v] of [...this.map].sort()) callback(v, k, this);
  }
  entries() {
    return [...this.map].sort()[Symbol.iterator]();
  }
  keys() {
    return [...this.map.keys()].sort()[Symbol.iterator]();
  }
  values() {
    const values = [...this.map].sort().map(([, v]) => v);
    return values[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  getSetCookie() {
    return this.map.has("set-cookie") ? [this.map.get("set-cookie")!] : [];
  }
}

/** Installs `fetch` and its classes on the guest's global object (after installWeb: it uses its `URL`). */
export function installFetch(host: GuestHost, web: GuestWeb): void {
  const global = globalThis as Record<string, unknown>;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const { utf8Encode, utf8Decode } = web;
  const URL = global.URL as new (href: string) => { href: string };

  global.AbortSignal = AbortSignal;
  global.AbortController = AbortController;

  const bodyText = (body: unknown): string | undefined => {
    if (body === undefined || body === null) return undefined;
    if (typeof body === "string") return body;
    if (body instanceof URLSearchParams) return body.toString();
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return utf8Decode(body);
    return String(body);
  };
  class Body {
    protected text_: string | undefined;
    bodyUsed = false;
    readonly body = null;
    protected consume(): string {
      if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
      this.bodyUsed = true;
      return this.text_ ?? "";
    }
    async text() {
      return this.consume();
    }
    async json(): Promise<unknown> {
      return parse(this.consume());
    }
    async arrayBuffer() {
      return utf8Encode(this.consume()).buffer;
    }
    async bytes() {
      return utf8Encode(this.consume());
    }
    async blob(): Promise<never> {
      throw new TypeError("Blob bodies are not available to an action run locally; read text() or json()");
    }
    async formData(): Promise<never> {
      throw new TypeError("FormData bodies are not available to an action run locally; read text() or json()");
    }
  }
  class Request extends Body {
    readonly url: string;
    readonly method: string;
    readonly headers: Headers;
    readonly signal: AbortSignal;
    readonly redirect = "follow";
    readonly credentials = "same-origin";
    constructor(input: unknown, init: Record<string, unknown> = {}) {
      super();
      const from = input instanceof Request ? input : undefined;
      this.url = String(new URL(from ? from.url : String(input)));
      this.method = String(init.method ?? from?.method ?? "GET").toUpperCase();
      this.headers = new Headers(init.headers ?? from?.headers);
      this.signal = (init.signal as AbortSignal | undefined) ?? from?.signal ?? new AbortSignal();
      this.text_ = init.body !== undefined ? bodyText(init.body) : from?.text_;
      if (init.body instanceof URLSearchParams && !this.headers.has("content-type"))
        this.headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    }
    clone() {
      return new Request(this);
    }
  }
  class Response extends Body {
    readonly status: number;
    readonly statusText: string;
    readonly headers: Headers;
    readonly url: string;
    readonly redirected = false;
    readonly type = "basic";
    constructor(body?: unknown, init: Record<string, unknown> = {}) {
      super();
      this.text_ = bodyText(body);
      this.status = Number(init.status ?? 200);
      this.statusText = String(init.statusText ?? "");
      this.headers = new Headers(init.headers);
      this.url = String(init.url ?? "");
    }
    get ok() {
      return this.status >= 200 && this.status < 300;
    }
    clone() {
      return new Response(this.text_, {
        status: this.status,
        statusText: this.statusText,
        headers: this.headers,
        url: this.url,
      });
    }
    static json(data: unknown, init: Record<string, unknown> = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      return new Response(stringify(data), { ...init, headers });
    }
    static error() {
      return new Response(undefined, { status: 0 });
    }
  }
  global.Headers = Headers;
  global.Request = Request;
  global.Response = Response;
  global.fetch = (input: unknown, init?: Record<string, unknown>) =>
    new Promise((resolve, reject) => {
      const request = new Request(input, init);
      if (request.signal.aborted) return reject(request.signal.reason);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      const body = (request as unknown as { text_?: string }).text_;
      let answer: { status: number; statusText: string; headers: Record<string, string>; body: string };
      try {
        answer = parse(
          host.fetch(stringify({ method: request.method, url: request.url, headers, body })),
        ) as typeof answer;
      } catch (error) {
        // As Node's fetch rejects (a TypeError), with the reason in the message where people look.
        return reject(new TypeError(`fetch failed: ${(error as Error).message}`, { cause: error }));
      }
      resolve(new Response(answer.body, { ...answer, url: request.url }));
    });
}
