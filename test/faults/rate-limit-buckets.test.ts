/**
 * Rate limit buckets a hostile local process cannot share, drain for others or escape:
 * anonymous and invalid-token traffic has its own per-IP bucket, token issuance is
 * limited per client whatever headers the request carries, and failed `/__admin` logins
 * are limited per IP while the admin client itself is not.
 *
 * Figure: what the victim client got right after the flood, token requests sent with a
 * stranger's Bearer header against what the victim's bucket allows, and failed admin
 * logins refused with 429.
 */
import { startTenantServer, type TenantServer } from "../../server/index";
import { fetchToken, request, tokenFor } from "../server/helpers";
import { printFigure } from "./support";

const RATE = 5;
const clients = ["victim", "stranger-1", "stranger-2", "stranger-3", "stranger-4"].map((id) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  scopes: ["read:forms"],
  global: false,
}));
let server: TenantServer;
const figures: Record<string, number> = {};
beforeAll(async () => {
  server = await startTenantServer({ port: 0, logger: false, rateLimit: RATE, clients });
});
afterAll(async () => {
  await server.close();
  printFigure("rate-limit-buckets", figures);
});
/** Lets every bucket fill up again. */
const refill = () => new Promise((resolve) => setTimeout(resolve, 1_200));

test("a flood of anonymous, invalid-token and bad-credential requests does not block a client's token or calls", async () => {
  await refill();
  const forms = `${server.baseUrl}/forms`;
  const flood = [
    ...Array.from({ length: 50 }, () => request(forms, "GET")),
    ...Array.from({ length: 50 }, () => request(forms, "GET", { authorization: "Bearer not-a-token" })),
    ...Array.from({ length: 50 }, () => fetchToken(server, "victim", "wrong-secret")),
  ];
  const statuses = (await Promise.all(flood)).map((reply) => reply.status);
  const token = await fetchToken(server, "victim", "victim-secret");
  const call =
    token.status === 200
      ? await request(forms, "GET", { authorization: `Bearer ${token.json.access_token}` })
      : undefined;
  Object.assign(figures, {
    anonymousFlood: flood.length,
    flood429s: statuses.filter((s) => s === 429).length,
    victimToken: token.status,
    victimCall: call?.status ?? 0,
  });
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
  expect(token.status).toBe(200);
  expect(token.headers.get("x-ratelimit-limit")).toBe(String(RATE));
  expect(call?.status).toBe(200);
});

test("a Bearer header does not move a token request to another bucket", async () => {
  await refill();
  const strangers = await Promise.all(clients.slice(1).map((c) => tokenFor(server, c.client_id, c.client_secret)));
  await refill();
  const started = Date.now();
  const replies = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      request(server.credentials.tokenUrl, "POST", {
        contentType: "application/x-www-form-urlencoded",
        headers: { authorization: `Bearer ${strangers[i % strangers.length]}` },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: "victim",
          client_secret: "victim-secret",
          audience: server.credentials.audience,
        }).toString(),
      }),
    ),
  );
  const issued = replies.filter((reply) => reply.status === 200).length;
  const allowance = RATE + Math.ceil(((Date.now() - started) / 1000) * RATE);
  Object.assign(figures, { tokenRequestsWithForeignBearer: replies.length, issued, allowance });
  expect(replies.every((reply) => reply.status === 200 || reply.status === 429)).toBe(true);
  expect(issued).toBeLessThanOrEqual(allowance);
});

test("failed /__admin logins are limited per IP; the admin client is not", async () => {
  await refill();
  const admin = await tokenFor(server, server.credentials.clientId, server.credentials.clientSecret);
  const stranger = await tokenFor(server, "stranger-1", "stranger-1-secret");
  const counters = `${server.url}/__admin/counters`;
  const failures = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      request(counters, "GET", { authorization: i % 2 ? "Bearer forged" : `Bearer ${stranger}` }),
    ),
  );
  const adminReplies = await Promise.all(
    Array.from({ length: 10 }, () => request(counters, "GET", { authorization: `Bearer ${admin}` })),
  );
  const limited = failures.filter((reply) => reply.status === 429).length;
  Object.assign(figures, {
    adminFailures: failures.length,
    adminFailures429: limited,
    adminServed: adminReplies.filter((r) => r.status === 200).length,
  });
  expect(limited).toBeGreaterThanOrEqual(failures.length - RATE - 2);
  expect(failures.find((reply) => reply.status === 429)?.json).toEqual(
    expect.objectContaining({ statusCode: 429, errorCode: "too_many_requests" }),
  );
  expect(adminReplies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
});
