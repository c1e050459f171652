/**
 * Answers the real service gives that the tenant server does not: GET of the template
 * as a bare string (published next to `{body}`), and 402 / 409 from the template PUT.
 * A stub on 127.0.0.1 answers them; the provider is configured with an API token.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FeatureUnavailableError, ConflictError } from "../../provider/client/errors";
import { call, FAST_RETRIES, loginTemplateProvider, runtime, TEMPLATE } from "./helpers";

jest.setTimeout(30_000);

interface StubReply {
  status: number;
  body?: unknown;
  contentType?: string;
}

describe("LoginTemplate against answers only the real service gives", () => {
  let server: Server;
  let next: StubReply = { status: 200 };
  /** The stub's origin, which the runtime records in every resource's outputs (ownership). */
  let origin = "";
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      request.resume();
      request.on("end", () => {
        const { status, body, contentType } = next;
        response.statusCode = status;
        if (body === undefined) return response.end();
        response.setHeader("content-type", contentType ?? "application/json; charset=utf-8");
        response.end(typeof body === "string" && contentType !== undefined ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    runtime.configureFromSettings({ domain: `http://127.0.0.1:${port}`, apiToken: "stub-token" }, FAST_RETRIES);
  });

  afterAll(async () => {
    runtime.resetRuntime();
    await new Promise((resolve) => server.close(resolve));
  });

  it("reads a template answered as a bare JSON string, and sees no drift", async () => {
    next = { status: 200, body: TEMPLATE };
    const read = await call(loginTemplateProvider, "read")("universal-login", { template: TEMPLATE });
    expect(read).toEqual({
      id: "universal-login",
      props: { template: TEMPLATE, tenantOrigin: origin },
      inputs: { template: TEMPLATE },
    });
    expect(await call(loginTemplateProvider, "diff")("universal-login", read.props, { template: TEMPLATE })).toEqual({
      changes: false,
    });
    expect(seen.at(-1)).toBe("GET /api/v2/branding/templates/universal-login");
  });

  it("reads the {body} shape too", async () => {
    next = { status: 200, body: { body: TEMPLATE } };
    expect((await call(loginTemplateProvider, "read")("universal-login", {})).props).toEqual({
      template: TEMPLATE,
      tenantOrigin: origin,
    });
  });

  it("takes 204 (replaced) and 201 (created) without a body", async () => {
    for (const status of [204, 201]) {
      next = { status };
      expect(
        await call(loginTemplateProvider, "update")("universal-login", { template: "old" }, { template: TEMPLATE }),
      ).toEqual({ outs: { template: TEMPLATE, tenantOrigin: origin } });
    }
  });

  it("402: says the tenant's plan has no custom login page", async () => {
    next = {
      status: 402,
      body: {
        statusCode: 402,
        error: "Payment Required",
        message: "A paid subscription is required for this feature.",
        errorCode: "payment_required",
      },
    };
    const error = await call(loginTemplateProvider, "create")({ template: TEMPLATE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeatureUnavailableError);
    expect((error as Error).message).toMatch(/plan does not include a custom login page template.*Upgrade/);
  });

  it("409: says another update was in progress and to run again", async () => {
    next = {
      status: 409,
      body: { statusCode: 409, error: "Conflict", message: "Template update conflict.", errorCode: "conflict" },
    };
    const error = await call(loginTemplateProvider, "update")("universal-login", {}, { template: TEMPLATE }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/concurrent update.*pulumi up/);
  });
});
