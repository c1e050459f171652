/**
 * Helpers for the provider tests: a started tenant server, the process runtime
 * configured against it, the serialized-provider objects (called directly, as the
 * engine would), and raw admin HTTP for out-of-band changes.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";
import { startTenantServer, type TenantServer } from "../../server/index";
import * as runtime from "../../provider/runtime";
import { eventStreamProvider, formProvider, loginTemplateProvider } from "../fixtures/providers";
import type { TenantClientOptions } from "../../provider/client/http";
import { storedProvider } from "../fixtures/providers";

export { eventStreamProvider, formProvider, loginTemplateProvider, runtime };

/** Fast retries for tests (the logic is the same; only the delays shrink). */
export const FAST_RETRIES: TenantClientOptions = { backoffBaseMs: 5, backoffMaxMs: 50 };

/** A started server with the provider runtime pointed at it. */
export interface ProviderHarness {
  server: TenantServer;
  /** Raw admin call (out-of-band changes and counting), bypassing the provider. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * Starts a server and configures the runtime with its admin client. The runtime's create
 * journal goes to a private PULUMI_HOME (as the engine gives the provider process), not ~/.pulumi.
 */
export async function startHarness(
  options: { rateLimit?: number; client?: TenantClientOptions } = {},
): Promise<ProviderHarness> {
  const privateHome = process.env.PULUMI_HOME
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "tenant-provider-home-"));
  if (privateHome) process.env.PULUMI_HOME = privateHome;
  const server = await startTenantServer({ port: 0, logger: false, rateLimit: options.rateLimit ?? 1000 });
  const { domain, clientId, clientSecret } = server.credentials;
  runtime.configureFromSettings({ domain, clientId, clientSecret }, { ...FAST_RETRIES, ...options.client });
  let token: string | undefined;
  const admin = async (method: string, path: string, body?: unknown) => {
    if (!token) {
      const reply = await fetch(server.credentials.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
          audience: server.credentials.audience,
        }),
      });
      token = ((await reply.json()) as { access_token: string }).access_token;
    }
    for (;;) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      // The admin helper shares the admin client's rate limit bucket: wait out a 429 too.
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? "1") * 1000));
        continue;
      }
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    }
  };
  return {
    server,
    admin,
    close: async () => {
      runtime.resetRuntime();
      await server.close();
      if (privateHome) {
        delete process.env.PULUMI_HOME;
        fs.rmSync(privateHome, { recursive: true, force: true });
      }
    },
  };
}

/** Calls a provider method as the engine does (methods are optional on the interface). */
export function call<K extends keyof ResourceProvider>(
  provider: ResourceProvider,
  method: K,
): NonNullable<ResourceProvider[K]> {
  const fn = provider[method];
  if (!fn) throw new Error(`provider has no ${String(method)}`);
  return (fn as (...args: unknown[]) => unknown).bind(provider) as NonNullable<ResourceProvider[K]>;
}

/**
 * The serialized provider of kind `kind` (one declared with `defineKind` too) whose
 * lifecycle methods go straight to the runtime's dispatch, as the engine's calls end up.
 */
export function dispatchingProvider(kind: string): ResourceProvider {
  const provider = { ...storedProvider(kind) };
  for (const method of ["check", "diff", "create", "read", "update", "delete"]) {
    provider[method] = (...args: unknown[]) => runtime.dispatch(kind, method, args);
  }
  return provider as unknown as ResourceProvider;
}

/** Counts the forms of the tenant. */
export async function countForms(harness: ProviderHarness): Promise<number> {
  return (await harness.admin("GET", "/forms?include_totals=true&per_page=1")).json.total as number;
}

/** Counts the event streams of the tenant. */
export async function countEventStreams(harness: ProviderHarness): Promise<number> {
  let count = 0;
  let from = "";
  for (;;) {
    const page = (await harness.admin("GET", `/event-streams?take=100${from ? `&from=${from}` : ""}`)).json;
    count += page.eventStreams.length;
    if (!page.next) return count;
    from = page.next;
  }
}

/** What the engine adds to inputs: the serialized provider (irrelevant to the logic, present for realism). */
export const PROVIDER_TEXT = "exports.handler = __f0; /* serialized provider */";

/** Valid login page markup. */
export const TEMPLATE = "<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>";
