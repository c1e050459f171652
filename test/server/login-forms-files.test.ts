/**
 * A form's FILE component in the hosted login, over HTTP: the step posts multipart, its files
 * reach `onContinuePostLogin` as their name, size and type; a refused type, a file over the
 * component's size, a missing required file get the step back with the form's messages; the
 * file's contents are in no log line and nowhere in the trace; other routes still refuse
 * multipart with a 415.
 */
import { decodeJwt } from "jose";
import {
  bindPostLoginActions,
  CookieClient,
  hiddenField,
  startLoginServer,
  TestAccounts,
  type LoginServer,
  loginToForm,
} from "./login-support";

const CALLBACK = "https://app.example.com/callback";
const PASSWORD = "correct horse battery staple";
const SECRET = "a-secret-long-enough-for-the-library-0123456789";
/** What the uploaded file holds: it must never reach a log line or the trace. */
const CONTENTS = "FILE-CONTENTS-NEVER-KEPT-7f3a9c";
const MAX_SIZE = 2048;
const CLAIM = "https://example.com/documents";

let server: LoginServer;

beforeAll(async () => {
  const accounts = new TestAccounts();
  accounts.addApplication({ client_id: "web-app", callbacks: [CALLBACK] });
  accounts.addUser("ada@example.com", PASSWORD);
  server = await startLoginServer(accounts, { runActions: true });
  const created = await server.manage("POST", "/forms", {
    name: "documents",
    start: { next_node: "upload" },
    nodes: [
      {
        id: "upload",
        type: "STEP",
        config: {
          components: [
            { id: "note", category: "FIELD", type: "TEXT", label: "Note", config: {} },
            {
              id: "doc",
              category: "FIELD",
              type: "FILE",
              label: "Your CV",
              required: true,
              config: { extensions: ["pdf"], maxSize: MAX_SIZE, multiple: true, maxFiles: 2 },
            },
            { id: "next", category: "BLOCK", type: "NEXT_BUTTON", config: { text: "Send" } },
          ],
          next_node: "$ending",
        },
      },
    ],
    messages: {
      errors: {
        ERR_REQUIRED: "Attach your CV.",
        ERR_FILE_TYPE: "Only PDF files, please.",
        ERR_FILE_SIZE: "At most {max} bytes per file.",
      },
    },
  });
  const formId = (created.json as { id: string }).id;
  await bindPostLoginActions(server, [
    {
      name: "ask-documents",
      code: `exports.onExecutePostLogin = async (event, api) => { api.prompt.render(${JSON.stringify(formId)}); };
      exports.onContinuePostLogin = async (event, api) => {
        api.idToken.setCustomClaim(${JSON.stringify(CLAIM)}, { doc: event.prompt.fields.doc, note: event.prompt.fields.note });
      };`,
    },
  ]);
});
afterAll(() => server.close());

/** Logs in up to the form's step; the browser, the form's address and the step's page. */
async function atForm() {
  const { browser, form } = await loginToForm(server, {
    clientId: "web-app",
    redirectUri: CALLBACK,
    username: "ada@example.com",
    password: PASSWORD,
  });
  return { browser, form, page: await (await browser.send(form.href)).text() };
}

/** Posts the step as a browser does with a file input: multipart, one part per file. */
function postFiles(url: string, csrf: string, files: { name: string; body: string; type?: string }[], note = "") {
  const data = new FormData();
  data.append("_csrf", csrf);
  data.append("note", note);
  for (const file of files) data.append("doc", new Blob([file.body], { type: file.type ?? "" }), file.name);
  data.append("$action", "next");
  return fetch(url, { method: "POST", body: data, redirect: "manual" });
}

/** Follows the login's redirects to the callback and exchanges the code; the ID token's claims. */
async function claimsAfter(browser: CookieClient, response: Response) {
  for (let hops = 0; hops < 6; hops++) {
    const location = response.headers.get("location");
    if (!location) throw new Error(`stopped at ${response.status}: ${(await response.text()).slice(0, 500)}`);
    const next = new URL(location, server.url);
    if (next.href.startsWith(CALLBACK)) {
      const reply = await fetch(`${server.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: next.searchParams.get("code")!,
          redirect_uri: CALLBACK,
          client_id: "web-app",
          client_secret: SECRET,
        }).toString(),
      });
      return decodeJwt(((await reply.json()) as { id_token: string }).id_token);
    }
    response = await browser.send(next.href);
  }
  throw new Error("too many redirects");
}

async function trace(after = 0) {
  const response = await fetch(`${server.url}/rehearsal/trace?after=${after}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  });
  return (await response.json()) as { events: Record<string, unknown>[]; last: number };
}

test("a step with a FILE component posts multipart and goes on; the files reach onContinuePostLogin without their contents", async () => {
  const before = (await trace()).last;
  const { browser, form, page } = await atForm();
  expect(page).toContain('enctype="multipart/form-data"');
  expect(page).toContain('accept=".pdf"');
  const body = `%PDF-1.7 ${CONTENTS}`;
  const sent = await postFiles(
    form.href,
    hiddenField(page, "_csrf"),
    [
      { name: "cv.pdf", body, type: "application/pdf" },
      { name: "letter.PDF", body: "x".repeat(MAX_SIZE), type: "application/pdf" },
    ],
    "hello",
  );
  expect(sent.status).toBe(303);
  const claims = await claimsAfter(browser, sent);
  expect(claims[CLAIM]).toEqual({
    note: "hello",
    doc: [
      { name: "cv.pdf", size: Buffer.byteLength(body), type: "application/pdf" },
      { name: "letter.PDF", size: MAX_SIZE, type: "application/pdf" },
    ],
  });
  const { events } = await trace(before);
  expect(events.find((event) => event.step === "submitted")).toMatchObject({
    node_id: "upload",
    fields: ["note", "doc"],
  });
  const everything = JSON.stringify(events) + JSON.stringify(server.logLines);
  expect(everything).not.toContain(CONTENTS);
});

test("a refused type, a file over the component's size and a missing required file get the step back with the form's messages", async () => {
  const { form, page } = await atForm();
  const csrf = hiddenField(page, "_csrf");
  const refused = await postFiles(form.href, csrf, [{ name: "cv.exe", body: CONTENTS, type: "application/pdf" }]);
  expect(refused.status).toBe(400);
  const refusedPage = await refused.text();
  expect(refusedPage).toContain('data-step="upload"');
  expect(refusedPage).toContain("Only PDF files, please.");

  const large = await postFiles(form.href, csrf, [{ name: "big.pdf", body: "x".repeat(MAX_SIZE + 1) }]);
  expect(large.status).toBe(400);
  expect(await large.text()).toContain(`At most ${MAX_SIZE} bytes per file.`);

  const many = [1, 2, 3].map((n) => ({ name: `${n}.pdf`, body: "x" }));
  expect(await (await postFiles(form.href, csrf, many)).text()).toContain("Send at most 2 file(s).");

  // A browser sends an empty file input as a part without a name or contents: no file.
  const empty = await postFiles(form.href, csrf, [{ name: "", body: "" }], "only a note");
  expect(empty.status).toBe(400);
  const emptyPage = await empty.text();
  expect(emptyPage).toContain("Attach your CV.");
  expect(emptyPage).toContain('value="only a note"');
  expect(JSON.stringify(server.logLines)).not.toContain(CONTENTS);
});

test("multipart is taken by the form's step only: the token's CSRF is checked, and other routes answer 415", async () => {
  const { form } = await atForm();
  const forged = await postFiles(form.href, "forged", [{ name: "cv.pdf", body: CONTENTS }]);
  expect(forged.status).toBe(403);
  expect(await forged.text()).toContain("The form was not sent from its page");

  const data = new FormData();
  data.append("name", "uploaded");
  data.append("file", new Blob([CONTENTS]), "x.pdf");
  const api = await fetch(`${server.url}/api/v2/clients`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.adminToken}` },
    body: data,
  });
  expect(api.status).toBe(415);
  expect(await api.json()).toMatchObject({
    statusCode: 415,
    error: "Unsupported Media Type",
    errorCode: expect.any(String),
  });
  const login = await fetch(`${server.url}/u/login?state=any`, { method: "POST", body: data });
  expect(login.status).toBe(415);
});
