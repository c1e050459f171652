/**
 * Secrets at rest: webhook credentials (password, bearer token, header value) and the
 * secrets form components carry (RECAPTCHA `secret_key`, GMAPS_ADDRESS `api_key`, PAYMENT
 * `credentials`, AUTH0_VERIFIABLE_CREDENTIALS `access_token`) never appear in the
 * database files or the server log (at trace level) in clear, still come back where the
 * API returns them (form components; across a restart), and what was stored for them is
 * gone from the files once their object is deleted.
 *
 * Figure: secrets, places searched, clear-text occurrences, and sealed values still in
 * the files after the delete.
 */
import Database from "better-sqlite3";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startTenantServer, type TenantServer } from "../../server/index";
import { removeDir, tempDir } from "../server/helpers";
import { callApi, eventStreamBody, printFigure, tokenFor } from "./support";

const SECRETS = {
  password1: "pw-first-Zq8Lr2Kd9w",
  password2: "pw-rotated-Hs3Nv7Xc1p",
  bearer: "bearer-Jt6Wm4Qa8e",
  header: "header-Ub5Yf2Pk7r",
  recaptcha1: "recaptcha-Ge9Vb3Ls6t",
  recaptcha2: "recaptcha-rotated-Ck4Dx8Mn2y",
  gmaps: "gmaps-Rw7Tq1Ha5u",
  paymentPrivate: "sk_live_Fp2Jz6Yc9o",
  vcToken: "vc-token-Nd8Ke3Wi4s",
};
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

const components = (recaptcha: string) => [
  {
    id: "captcha",
    category: "WIDGET",
    type: "RECAPTCHA",
    config: { site_key: "site-key-public", secret_key: recaptcha },
  },
  { id: "address", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: SECRETS.gmaps } },
  {
    id: "pay",
    category: "FIELD",
    type: "PAYMENT",
    config: {
      charge: { type: "ONE_OFF", one_off: { amount: 10, currency: "EUR" } },
      credentials: { public_key: "pk_live_public", private_key: SECRETS.paymentPrivate },
    },
  },
  {
    id: "vc",
    category: "WIDGET",
    type: "AUTH0_VERIFIABLE_CREDENTIALS",
    config: {
      url: "https://vc.example",
      alternate_text: "scan",
      access_token: SECRETS.vcToken,
      verification_id: "v1",
    },
  },
];
const formWith = (recaptcha: string) => ({
  name: "with secrets",
  nodes: [{ id: "step", type: "STEP", config: { components: components(recaptcha), next_node: "$ending" } }],
  start: { next_node: "step" },
});

/** The database files and the log, as text. */
function files(dir: string, log: string): Record<string, string> {
  const paths = { db: join(dir, "tenant.db"), wal: join(dir, "tenant.db-wal"), shm: join(dir, "tenant.db-shm"), log };
  return Object.fromEntries(
    Object.entries(paths).map(([name, path]) => [name, existsSync(path) ? readFileSync(path).toString("latin1") : ""]),
  );
}

/** Every long base64-like run in the stored rows of `ids`: the sealed values, among others. */
function storedTokens(dir: string, ids: string[]): string[] {
  const db = new Database(join(dir, "tenant.db"), { readonly: true });
  try {
    const rows = ["event_streams", "forms"].flatMap((table) =>
      ids.map((id) => db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id)).filter(Boolean),
    );
    const text = rows
      .map((row) =>
        Object.values(row as object)
          .map(String)
          .join(" "),
      )
      .join(" ");
    return [...new Set(text.match(/[A-Za-z0-9_-]{40,}/g) ?? [])];
  } finally {
    db.close();
  }
}

test("secrets are sealed in the database, never logged, returned where the API returns them, and gone with their object", async () => {
  const dir = tempDir("tenant-secrets-");
  dirs.push(dir);
  const log = join(dir, "server.log");
  let server: TenantServer = await startTenantServer({
    port: 0,
    dataDir: dir,
    logger: { destination: log, level: "trace" },
  });
  let token = await tokenFor(server);

  const basic = (await callApi(server, token, "POST", "/event-streams", eventStreamBody("basic", SECRETS.password1)))
    .json as { id: string };
  await callApi(server, token, "PATCH", `/event-streams/${basic.id}`, eventStreamBody("basic", SECRETS.password2));
  const bearer = (
    await callApi(server, token, "POST", "/event-streams", {
      ...eventStreamBody("bearer"),
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/b",
          webhook_authorization: { method: "bearer", token: SECRETS.bearer },
        },
      },
    })
  ).json as { id: string };
  const header = (
    await callApi(server, token, "POST", "/event-streams", {
      ...eventStreamBody("header"),
      destination: {
        type: "webhook",
        configuration: {
          webhook_endpoint: "https://hooks.example.com/h",
          webhook_authorization: { method: "custom_header", header_key: "X-Key", header_value: SECRETS.header },
        },
      },
    })
  ).json as { id: string };
  const created = await callApi(server, token, "POST", "/forms", formWith(SECRETS.recaptcha1));
  expect(created.status).toBe(201);
  const form = created.json as { id: string };
  await callApi(server, token, "PATCH", `/forms/${form.id}`, { nodes: formWith(SECRETS.recaptcha2).nodes });

  // Where the API returns them (form components, echoed as given), they come back, also after a restart.
  await server.close();
  server = await startTenantServer({ port: 0, dataDir: dir, logger: { destination: log, level: "trace" } });
  token = await tokenFor(server);
  const read = (await callApi(server, token, "GET", `/forms/${form.id}`)).json as {
    nodes: { config: { components: unknown[] } }[];
  };
  expect(read.nodes[0].config.components).toEqual(components(SECRETS.recaptcha2));

  const inClear = (contents: Record<string, string>) =>
    Object.entries(contents).flatMap(([place, text]) =>
      Object.entries(SECRETS)
        .filter(([, secret]) => text.includes(secret))
        .map(([name]) => `${name} in ${place}`),
    );
  const clearBefore = inClear(files(dir, log));

  const ids = [basic.id, bearer.id, header.id, form.id];
  const sealed = storedTokens(dir, ids);
  for (const id of ids.slice(0, 3))
    expect((await callApi(server, token, "DELETE", `/event-streams/${id}`)).status).toBe(204);
  expect((await callApi(server, token, "DELETE", `/forms/${form.id}`)).status).toBe(204);
  // While the server runs (its WAL in use), and after it stops.
  const running = files(dir, log);
  await server.close();
  const stopped = files(dir, log);
  const after: Record<string, string> = { ...stopped };
  for (const [place, text] of Object.entries(running)) after[`${place} (running)`] = text;
  const clearAfter = inClear(after);
  const sealedAfter = sealed.filter((value) => Object.values(after).some((text) => text.includes(value)));

  printFigure("secrets-at-rest", {
    secrets: Object.keys(SECRETS).length,
    places: 4,
    clearText: clearBefore.length + clearAfter.length,
    sealedValues: sealed.length,
    sealedAfterDelete: sealedAfter.length,
  });
  expect(clearBefore).toEqual([]);
  expect(clearAfter).toEqual([]);
  expect(sealed.length).toBeGreaterThan(0);
  expect(sealedAfter).toEqual([]);
});
