/**
 * Warnings the engine shows with a preview. A dynamic provider's methods get no handle to
 * the engine's log, but the provider process is started with the engine's address as its
 * first argument, so a warning can be sent there (it then shows under "Diagnostics" like
 * any other). Outside the engine (tests, scripts) warnings go to stderr.
 */
import * as path from "node:path";

type LogSender = (message: string) => Promise<void>;

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
    return (message) =>
      new Promise((resolve) => {
        const request = new engineProto.LogRequest();
        request.setSeverity(engineProto.LogSeverity.WARNING);
        request.setMessage(message);
        request.setUrn("");
        client.log(request, () => resolve());
      });
  } catch {
    return undefined;
  }
}

/** Shows `message` as a warning of the current preview or update. */
export async function warn(message: string): Promise<void> {
  if (!sender) {
    const address = engineAddress();
    sender =
      (address && engineSender(address)) ||
      (async (text) => {
        process.stderr.write(`warning: ${text}\n`);
      });
  }
  await sender(message);
}
