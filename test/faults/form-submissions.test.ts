/**
 * Malformed and hostile submissions of a form in the hosted login, over HTTP: a missing or wrong
 * CSRF token, an unknown login, oversized, repeated, nested and non-text values, the wrong
 * content type, buttons that are not on the step, script typed into a field (escaped on the next
 * step and in errors), router operands fed templates and prototype names; multipart bodies that
 * are malformed, truncated, of too many parts, files or bytes, or that name a file with script.
 * Each gets a 4xx page or the next step, never a 5xx, and nothing typed runs or resolves.
 */
import {
  bindPostLoginActions,
  hiddenField,
  startLoginServer,
  TestAccounts,
  type LoginServer,
  loginToForm,
} from "../server/login-support";
import { MAX_MULTIPART_PARTS, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from "../../server/login/forms/multipart";
import { MAX_VALUE_LENGTH, MAX_VALUES_PER_NAME } from "../../server/login/forms/submission";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";
const SCRIPT = `"><script>alert(1)</script>`;

let server: LoginServer;

beforeAll(async () => {
  const accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", name: "Web App", callbacks: [CALLBACK] });
  accounts.addUser("ada@example.com", PASSWORD);
  server = await startLoginServer(accounts, { runActions: true });
  const form = await server.manage("POST", "/forms", {
    name: "hostile",
    start: { next_node: "ask" },
    nodes: [
      {
        id: "ask",
        type: "STEP",
        config: {
          components: [
            { id: "nickname", category: "FIELD", type: "TEXT", label: "Nickname", config: { max_length: 100 } },
            { id: "doc", category: "FIELD", type: "FILE", label: "Document", config: { extensions: ["pdf"] } },
            {
              id: "tier",
              category: "FIELD",
              type: "CHOICE",
              label: "Tier",
              required: true,
              config: { options: [{ value: "gold", label: "Gold" }], allow_other: { enabled: true } },
            },
          ],
          next_node: "route",
        },
      },
      {
        id: "route",
        type: "ROUTER",
        config: {
          rules: [
            {
              id: "code",
              condition: { operator: "EQ", operands: ["{{fields.nickname}}", "{{vars.code}}"] },
              next_node: "secret",
            },
            { id: "proto", condition: { operator: "EXISTS", operands: ["{{fields.__proto__}}"] }, next_node: "secret" },
          ],
          fallback: "again",
        },
      },
      {
        id: "secret",
        type: "STEP",
        config: { components: [{ id: "s", category: "BLOCK", type: "DIVIDER", config: {} }] },
      },
      {
        id: "again",
        type: "STEP",
        config: {
          components: [{ id: "nickname", category: "FIELD", type: "TEXT", label: "Nickname again", config: {} }],
          next_node: "$ending",
        },
      },
    ],
  });
  const formId = (form.json as { id: string }).id;
  await bindPostLoginActions(server, [
    {
      name: "hostile-form",
      code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render("${formId}", { vars: { code: "s3cret-code" } }); };`,
    },
  ]);
});
afterAll(() => server.close());

/** Logs in up to the form; the browser, the form's address and its CSRF token. */
async function atForm() {
  const { browser, form } = await loginToForm(server, {
    clientId: "web-app",
    redirectUri: CALLBACK,
    username: "ada@example.com",
    password: PASSWORD,
  });
  return { browser, form, csrf: hiddenField(await (await browser.send(form.href)).text(), "_csrf") };
}

/** Posts a raw urlencoded body to the form; status and page. */
async function post(url: string, body: string, contentType = "application/x-www-form-urlencoded") {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

const encoded = (csrf: string) => `_csrf=${encodeURIComponent(csrf)}`;

test("submissions without the step's token, for an unknown login or in another encoding are refused with a page", async () => {
  const { form, csrf } = await atForm();
  expect((await post(form.href, "nickname=a")).status).toBe(403);
  expect((await post(form.href, "_csrf=forged&nickname=a")).status).toBe(403);
  expect((await post(form.href, `_csrf[]=${encodeURIComponent(csrf)}&nickname=a`)).status).toBe(403);
  expect((await post(`${server.url}/u/form?state=unknown`, encoded(csrf))).status).toBe(403);
  expect((await post(`${server.url}/u/form`, encoded(csrf))).status).toBe(403);
  expect((await fetch(`${server.url}/u/form?state=unknown`)).status).toBe(400);
  expect((await post(form.href, JSON.stringify({ _csrf: csrf }), "application/json")).status).toBe(415);
});

test("oversized, repeated, nested and non-text values get the step back with a message, never a 5xx", async () => {
  const { form, csrf } = await atForm();
  const huge = await post(form.href, `${encoded(csrf)}&nickname=${"x".repeat(MAX_VALUE_LENGTH + 1)}`);
  expect(huge.status).toBe(400);
  expect(huge.html).toContain(`longer than ${MAX_VALUE_LENGTH} characters`);
  const tooLong = await post(form.href, `${encoded(csrf)}&tier=gold&nickname=${"x".repeat(101)}`);
  expect(tooLong.status).toBe(400);
  expect(tooLong.html).toContain("Enter at most 100 characters.");
  const repeatedName = encodeURIComponent(SCRIPT);
  const repeated = await post(form.href, `${encoded(csrf)}${`&${repeatedName}=1`.repeat(MAX_VALUES_PER_NAME + 1)}`);
  expect(repeated.status).toBe(400);
  expect(repeated.html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(repeated.html).not.toContain("<script>alert(1)</script>");
  const option = await post(form.href, `${encoded(csrf)}&tier=platinum&tier=gold`);
  expect(option.status).toBe(400);
  expect(option.html).toContain("Choose one of the options.");
  for (const body of [
    "nickname[a][b]=x",
    "nickname[]=x&nickname[]=y",
    "tier[other][deep]=x",
    "$action[]=next",
    "%24action=jump%3Anowhere",
    "%24action=resend%3Anickname",
    "__proto__[polluted]=1&constructor[prototype][polluted]=1",
  ]) {
    const { status } = await post(form.href, `${encoded(csrf)}&${body}`);
    expect([200, 400]).toContain(status);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((await post(form.href, `${encoded(csrf)}&%24action=jump%3Anowhere`)).html).toContain(
    "That button is not on this step.",
  );
});

test("script typed into a field is shown escaped on the next step, and templates typed never resolve in a router", async () => {
  const first = await atForm();
  const next = await post(
    first.form.href,
    `${encoded(first.csrf)}&nickname=${encodeURIComponent(SCRIPT)}&tier=%24other&tier%5Bother%5D=${encodeURIComponent(SCRIPT)}`,
  );
  expect(next.status).toBe(200);
  expect(next.html).toContain('data-step="again"');
  expect(next.html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(next.html).not.toContain("<script>alert(1)</script>");

  const second = await atForm();
  const typed = await post(
    second.form.href,
    `${encoded(second.csrf)}&tier=gold&nickname=${encodeURIComponent("{{vars.code}}")}`,
  );
  expect(typed.html).toContain('data-step="again"');
  expect(typed.html).not.toContain("s3cret-code");
  const third = await atForm();
  const proto = await post(third.form.href, `${encoded(third.csrf)}&tier=gold&nickname=__proto__`);
  expect(proto.status).toBe(200);
  expect(proto.html).not.toContain('data-step="secret"');
});

const BOUNDARY = "----hostile-boundary-1234";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body of text fields and files, as a browser writes it. */
function multipart(fields: [string, string][], files: { field?: string; name: string; body: string }[] = []): string {
  const parts = [
    ...fields.map(([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
    ...files.map(
      (file) =>
        `Content-Disposition: form-data; name="${file.field ?? "doc"}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n${file.body}`,
    ),
  ];
  return `${parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join("")}--${BOUNDARY}--\r\n`;
}

/** Posts a multipart body; status, content type and text. */
async function postMultipart(url: string, body: string | Blob, contentType = MULTIPART) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": contentType }, body });
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

test("malformed and truncated multipart bodies are a 400 in the service's error shape, never a 5xx", async () => {
  const { form, csrf } = await atForm();
  const whole = multipart([["_csrf", csrf]], [{ name: "cv.pdf", body: "%PDF-1.7 contents" }]);
  const truncated = whole.slice(0, whole.length - 30);
  const unfinished = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}`;
  const malformed: [string, string][] = [
    [truncated, MULTIPART],
    [whole, "multipart/form-data"],
    [unfinished, MULTIPART],
    ["not multipart at all", MULTIPART],
  ];
  for (const [body, contentType] of malformed) {
    const reply = await postMultipart(form.href, body, contentType);
    expect(reply.status).toBe(400);
    expect(reply.type).toContain("application/json");
    expect(JSON.parse(reply.text)).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      errorCode: "invalid_body",
      message: expect.stringContaining("The multipart body could not be read"),
    });
  }
  // A part without headers is no field: the token is missing.
  expect((await postMultipart(form.href, `--${BOUNDARY}\r\nno headers\r\n--${BOUNDARY}--\r\n`)).status).toBe(403);
  const proto = await postMultipart(
    form.href,
    multipart([
      ["_csrf", csrf],
      ["__proto__", "x"],
    ]),
  );
  expect(proto.status).toBe(400);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((await postMultipart(form.href, multipart([["nickname", "no token"]]))).status).toBe(403);
});

test("too many parts, files or bytes get the step back with a message, quickly", async () => {
  const { form, csrf } = await atForm();
  const started = Date.now();
  const parts = await postMultipart(
    form.href,
    multipart([
      ["_csrf", csrf],
      ...Array.from({ length: MAX_MULTIPART_PARTS + 10 }, (_, i): [string, string] => [`f${i}`, "x"]),
    ]),
  );
  expect(parts.status).toBe(400);
  expect(parts.text).toContain(`a step takes at most ${MAX_MULTIPART_PARTS}`);
  const files = await postMultipart(
    form.href,
    multipart(
      [["_csrf", csrf]],
      Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => ({ name: `${i}.pdf`, body: "x" })),
    ),
  );
  expect(files.status).toBe(400);
  expect(files.text).toContain(`a step takes at most ${MAX_UPLOAD_FILES}`);
  const head = multipart([["_csrf", csrf]]).replace(`--${BOUNDARY}--\r\n`, "");
  const large = new Blob([
    `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc"; filename="big.pdf"\r\n\r\n`,
    new Uint8Array(MAX_UPLOAD_BYTES + 1024),
    `\r\n--${BOUNDARY}--\r\n`,
  ]);
  const bytes = await postMultipart(form.href, large);
  expect(bytes.status).toBe(400);
  expect(bytes.text).toContain(`larger than the ${MAX_UPLOAD_BYTES} bytes a step takes in all`);
  expect(Date.now() - started).toBeLessThan(10_000);
});

test("a file or a field named with script is shown escaped, and the file's name never runs", async () => {
  // Quotes end a name in a part's header: the script alone.
  const script = "<script>alert(1)</script>";
  const escaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
  const { form, csrf } = await atForm();
  const refused = await postMultipart(
    form.href,
    multipart(
      [
        ["_csrf", csrf],
        ["tier", "gold"],
      ],
      [{ name: `${script}.exe`, body: "x" }],
    ),
  );
  expect(refused.status).toBe(400);
  expect(refused.text).toContain("This type of file is not accepted.");
  expect(refused.text).not.toContain(script);
  const repeated = Array.from({ length: MAX_VALUES_PER_NAME + 1 }, (): [string, string] => [script, "x"]);
  const named = await postMultipart(form.href, multipart([["_csrf", csrf], ...repeated]));
  expect(named.status).toBe(400);
  expect(named.text).toContain(escaped);
  expect(named.text).not.toContain(script);
  const accepted = await postMultipart(
    form.href,
    multipart(
      [
        ["_csrf", csrf],
        ["tier", "gold"],
        ["nickname", script],
      ],
      [{ name: `${script}.pdf`, body: "x" }],
    ),
  );
  expect(accepted.status).toBe(200);
  expect(accepted.text).toContain('data-step="again"');
  expect(accepted.text).toContain(escaped);
  expect(accepted.text).not.toContain(script);
});
