/**
 * Helpers for the tests of reads through list snapshots: a new provider process (the
 * runtime forgotten and configured again, optionally in the one-GET-per-object mode), the
 * server's request count, and objects made through the provider as a stack's state holds them.
 */
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";
import { READ_MODE_ENV, READ_MODE_GET } from "../../provider/lifecycle/list-snapshot";
import { call, FAST_RETRIES, PROVIDER_TEXT, runtime, type ProviderHarness } from "./helpers";

/** What the state holds of one object: its id and outputs. */
export interface Stored {
  id: string;
  outs: Record<string, unknown>;
}

/** Starts "a new provider process": nothing of the previous one's lists, claims or clients survives. */
export function newProcess(harness: ProviderHarness, mode: "list" | "get" = "list", namespace?: string): void {
  runtime.resetRuntime();
  const { domain, clientId, clientSecret } = harness.server.credentials;
  const before = process.env[READ_MODE_ENV];
  if (mode === "get") process.env[READ_MODE_ENV] = READ_MODE_GET;
  else delete process.env[READ_MODE_ENV];
  try {
    runtime.configureFromSettings({ domain, clientId, clientSecret }, FAST_RETRIES);
    if (namespace) runtime.configureFromSettings({ domain, clientId, clientSecret }, FAST_RETRIES, namespace);
  } finally {
    if (before === undefined) delete process.env[READ_MODE_ENV];
    else process.env[READ_MODE_ENV] = before;
  }
}

/** Requests the server answered since its counters were reset (tokens included; 429s and 5xx are not extra requests). */
export function requestCount(harness: ProviderHarness): number {
  return Object.entries(harness.server.counters.snapshot())
    .filter(([key]) => key !== "429" && key !== "5xx")
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The server's count of one route (`GET /api/v2/forms/:id`). */
export function routeCount(harness: ProviderHarness, route: string): number {
  return harness.server.counters.snapshot()[route] ?? 0;
}

/** Runs `work` over `items`, `width` at a time (as the engine runs resource operations). */
export async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/** Creates objects through `provider`, as `pulumi up` does; returns what the state holds. */
export async function createAll(provider: ResourceProvider, inputs: Record<string, unknown>[]): Promise<Stored[]> {
  return inParallel(inputs, 16, async (input) => {
    const checked = await call(provider, "check")({}, { ...input, __provider: PROVIDER_TEXT });
    if (checked.failures?.length) throw new Error(JSON.stringify(checked.failures));
    const created = await call(provider, "create")(checked.inputs);
    return { id: created.id, outs: created.outs };
  });
}

/** Reads objects as a refresh does (the state's outputs in, concurrently); returns the read results. */
export function readAll(
  provider: ResourceProvider,
  stored: Stored[],
): Promise<{ id?: string; props?: Record<string, unknown>; inputs?: Record<string, unknown> }[]> {
  return inParallel(stored, 32, (object) => call(provider, "read")(object.id, object.outs));
}

/** A form with a step and a flow, numbered. */
export function formInputs(i: number): Record<string, unknown> {
  return {
    name: `Sign-up ${i}`,
    start: { next_node: "step_1" },
    nodes: [
      {
        id: "step_1",
        type: "STEP",
        config: {
          components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }],
          next_node: "$ending",
        },
      },
    ],
    style: { css: "body { color: #111; }" },
  };
}

/** A webhook event stream with a write-only password, numbered. */
export function streamInputs(i: number): Record<string, unknown> {
  return {
    name: `audit-${i}`,
    subscriptions: [{ event_type: "user.created" }],
    destination: {
      type: "webhook",
      configuration: {
        webhook_endpoint: "https://hooks.example.com/a0",
        webhook_authorization: { method: "basic", username: "hook", password: "hook-pa55word" },
      },
    },
  };
}
