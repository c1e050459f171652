/**
 * Warnings the engine shows with a preview. A dynamic provider's methods get no handle to
 * the engine's log, but the provider process is started with the engine's address as its
 * first argument, so a warning can be sent there (it then shows under "Diagnostics" like
 * any other). Outside the engine (tests, scripts) warnings go to stderr.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as path from "node:path";

type LogSender = (message: string, urn: string) => Promise<void>;

/** The URN of the resource whose provider call is running, so its warnings show on its own line. */
const resourceUrn = new AsyncLocalStorage<string>();

/** Runs `work` for the resource `urn` (when known): {@link warn} attributes its warnings to it. */
export function forResource<T>(urn: string | undefined, work: () => T): T {
  return urn ? resourceUrn.run(urn, work) : work();
}

let sender: LogSender | undefined;

/** True in the dynamic provider process the engine started (`cmd/dynamic-provider <engine>`). */
function engineAddress(): string | undefined {
  const main = require.main?.filename ?? "";
  const address = process.argv[2];
  return main.includes("dynamic-provider") && address && /^[\w.-]+:\d+$/.test(address) ? address : undefined;
}

function engineSender(address: string): LogSender | undefined {
  try {
    // The engine's gRPC client, from the @pulumi/pulumi that runs this provider.
    const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdk] }));
    const engineRpc = require(path.join(sdk, "proto", "engine_grpc_pb.js"));
    const engineProto = require(path.join(sdk, "proto", "engine_pb.js"));
    const client = new engineRpc.EngineClient(address, grpc.credentials.createInsecure());
    return (message, urn) =>
      new Promise((resolve) => {
        const request = new engineProto.LogRequest();
        request.setSeverity(engineProto.LogSeverity.WARNING);
        request.setMessage(message);
        request.setUrn(urn);
        client.log(request, () => resolve());
      });
  } catch {
    return undefined;
  }
}

/** Warnings on their way to the engine. */
const sending = new Set<Promise<void>>();

/** Resolves when every warning sent so far has reached the engine (before a provider call answers). */
export async function warningsSent(): Promise<void> {
  await Promise.all([...sending]);
}

/** Shows `message` as a warning of the current preview or update. */
export function warn(message: string): Promise<void> {
  const sent = send(message).finally(() => sending.delete(sent));
  sending.add(sent);
  return sent;
}

async function send(message: string): Promise<void> {
  const urn = resourceUrn.getStore() ?? "";
  if (!sender) {
    const address = engineAddress();
    sender =
      (address && engineSender(address)) ||
      (async (text) => {
        process.stderr.write(`warning: ${text}\n`);
      });
  }
  await sender(message, urn);
}
