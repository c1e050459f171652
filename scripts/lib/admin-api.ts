/** Minimal management API calls with client credentials, for the demo's setup. */
import { requestAccessToken } from "../../api/client-credentials";
import type { TenantCredentials } from "./tenant-process";

/** Calls the management API with a token for `credentials`; returns status and body. */
export async function managementCall<T = unknown>(
  credentials: TenantCredentials,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const token = await requestAccessToken(credentials);
  const reply = await fetch(`${credentials.baseUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The id of the tenant's `default` rate limit policy, created if missing. */
export async function ensureDefaultRateLimitPolicy(credentials: TenantCredentials): Promise<string> {
  const list = await managementCall<{ rate_limit_policies: { id: string; consumer_selector: string }[] }>(
    credentials,
    "GET",
    "/rate-limit-policies?take=100",
  );
  const existing = list.body.rate_limit_policies?.find((p) => p.consumer_selector === "default");
  if (existing) return existing.id;
  const created = await managementCall<{ id: string }>(credentials, "POST", "/rate-limit-policies", {
    resource: "oauth_authentication_api",
    consumer: "client",
    consumer_selector: "default",
    configuration: { action: "block", limit: 50 },
  });
  if (created.status !== 201)
    throw new Error(
      `could not create the demo rate limit policy: HTTP ${created.status} ${JSON.stringify(created.body)}`,
    );
  return created.body.id;
}
