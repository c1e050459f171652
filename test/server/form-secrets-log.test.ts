/** The server log never holds a form component's secret: bodies are not logged, and the keys are redacted anyway. */
import { Writable } from "node:stream";
import { createLogger } from "../../server/logger";
import { startHarness } from "./helpers";

const SECRETS = ["recaptcha-secret-Log91", "gmaps-key-Log82", "sk_live_Log73", "vc-token-Log64"];

const form = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  nodes: [
    {
      id: "step_1",
      type: "STEP",
      config: {
        components: [
          {
            id: "captcha",
            category: "WIDGET",
            type: "RECAPTCHA",
            config: { site_key: "site", secret_key: SECRETS[0], ...extra },
          },
          { id: "maps", category: "WIDGET", type: "GMAPS_ADDRESS", config: { api_key: SECRETS[1] } },
          {
            id: "pay",
            category: "FIELD",
            type: "PAYMENT",
            config: {
              charge: { type: "SUBSCRIPTION", subscription: { plan: "p1" } },
              credentials: { public_key: "pk", private_key: SECRETS[2] },
            },
          },
          {
            id: "vc",
            category: "WIDGET",
            type: "AUTH0_VERIFIABLE_CREDENTIALS",
            config: {
              url: "https://vc.example.com",
              alternate_text: "Scan",
              access_token: SECRETS[3],
              verification_id: "v",
            },
          },
        ],
      },
    },
  ],
});

function capture(): { lines: string[]; destination: Writable } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString("utf8"));
      callback();
    },
  });
  return { lines, destination };
}

test("creating, reading, patching and failing forms with component secrets logs none of them (trace level)", async () => {
  const { lines, destination } = capture();
  const h = await startHarness({ logger: { destination, level: "trace" } });
  try {
    const created = await h.call("POST", "/api/v2/forms", { body: form("Logged") });
    expect(created.status).toBe(201);
    await h.call("GET", `/api/v2/forms/${created.json.id}`);
    await h.call("PATCH", `/api/v2/forms/${created.json.id}`, { body: { nodes: form("x").nodes } });
    expect((await h.call("POST", "/api/v2/forms", { body: form("Refused", { requird: true }) })).status).toBe(400);
  } finally {
    await h.close();
  }
  const all = lines.join("");
  expect(all.length).toBeGreaterThan(0);
  for (const secret of SECRETS) expect(all).not.toContain(secret);
});

test("the redaction list covers the component secret keys should an object holding one be logged", () => {
  const { lines, destination } = capture();
  const { logger } = createLogger({ destination, level: "info" })!;
  logger.info(
    {
      config: {
        secret_key: SECRETS[0],
        api_key: SECRETS[1],
        credentials: { private_key: SECRETS[2] },
        access_token: SECRETS[3],
      },
    },
    "oops",
  );
  logger.flush();
  const all = lines.join("");
  expect(all).toContain("[Redacted]");
  for (const secret of SECRETS) expect(all).not.toContain(secret);
});
