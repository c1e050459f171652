/**
 * The guest's URL classes (server/sandbox/guest/url.ts): query strings parsed and written as the
 * web's URLSearchParams does, and a URL kept as the parts the host's parser gives (here Node's,
 * as server/sandbox/engine.ts hands them in), following its own `searchParams`.
 */
import { URLSearchParams, urlClass } from "../../../../server/sandbox/guest/url";

/** The host's `parseUrl`, as the engine answers it. */
const parseUrl = (href: string, base: string | undefined) => {
  const url = new globalThis.URL(href, base);
  const { origin, protocol, username, password, host, hostname, port, pathname, search, hash } = url;
  return JSON.stringify({
    href: url.href,
    origin,
    protocol,
    username,
    password,
    host,
    hostname,
    port,
    pathname,
    search,
    hash,
  });
};
const URL = urlClass({ parseUrl });

test("URLSearchParams reads and writes a query as the web's does", () => {
  const query = "?a=1&b=x+y&a=2&c=%C3%A9&d";
  const ours = new URLSearchParams(query);
  const web = new globalThis.URLSearchParams(query);
  expect([...ours]).toEqual([...web]);
  expect(ours.get("a")).toBe("1");
  expect(ours.getAll("a")).toEqual(["1", "2"]);
  expect(ours.get("missing")).toBeNull();
  ours.set("a", "3");
  web.set("a", "3");
  ours.append("e", "!'()~ &");
  web.append("e", "!'()~ &");
  ours.delete("d");
  web.delete("d");
  expect(ours.toString()).toBe(web.toString());
  expect(ours.size).toBe(web.size);
  // A malformed escape stays as written (the web's parser would put U+FFFD in it).
  expect(new URLSearchParams("bad=%E0%A4%A").get("bad")).toBe("%E0%A4%A");
  expect(new URLSearchParams({ x: 1, y: true }).toString()).toBe("x=1&y=true");
  expect(new URLSearchParams([["k", "v"]]).has("k")).toBe(true);
});

test("a URL has the host's parts, resolves against a base, and refuses what the host refuses", () => {
  const url = new URL("../b?q=1#top", "https://user:pw@example.com:8443/a/c");
  expect(url.href).toBe("https://user:pw@example.com:8443/b?q=1#top");
  expect([url.origin, url.host, url.hostname, url.port, url.pathname]).toEqual([
    "https://example.com:8443",
    "example.com:8443",
    "example.com",
    "8443",
    "/b",
  ]);
  expect(JSON.stringify({ url })).toBe('{"url":"https://user:pw@example.com:8443/b?q=1#top"}');
  expect(URL.canParse("nope")).toBe(false);
  expect(URL.canParse("/x", "https://example.com")).toBe(true);
  expect(() => new URL("nope")).toThrow();
});

test("a URL follows its searchParams, and setting a part rewrites the rest", () => {
  const url = new URL("https://example.com/p?a=1#h");
  url.searchParams.append("b", "two words");
  expect(url.href).toBe("https://example.com/p?a=1&b=two+words#h");
  url.searchParams.delete("a");
  url.searchParams.delete("b");
  expect(url.href).toBe("https://example.com/p#h");
  url.hostname = "other.example";
  url.port = "8080";
  url.pathname = "q";
  url.search = "x=1";
  url.hash = "";
  expect(url.toString()).toBe("https://other.example:8080/q?x=1");
  expect(url.searchParams.get("x")).toBe("1");
  url.href = "http://third.example/";
  expect(url.origin).toBe("http://third.example");
});
