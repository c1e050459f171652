/** The plugin's opt-in RPC timing (PULUMI_TENANT_PLUGIN_TIMING): calls forwarded untouched, one line per method. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as grpc from "@grpc/grpc-js";
import { timedService } from "../../../../provider/plugin/timing";

type Call = grpc.handleUnaryCall<unknown, unknown>;

describe("plugin RPC timing", () => {
  it("forwards each call's answer and error, and writes calls and most in flight per method once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-timing-"));
    const file = path.join(dir, "rpcs");
    try {
      const double: Call = (call, callback) => setImmediate(() => callback(null, (call.request as number) * 2));
      const fail: Call = (_call, callback) => callback({ code: 2, details: "no", name: "Error", message: "no" });
      const { service, write } = timedService({ double, fail }, file);
      const invoke = (method: string, request: unknown) =>
        new Promise((resolve, reject) =>
          service[method]!({ request } as Parameters<Call>[0], (error, value) =>
            error ? reject(error) : resolve(value),
          ),
        );
      await expect(Promise.all([invoke("double", 2), invoke("double", 5)])).resolves.toEqual([4, 10]);
      await expect(invoke("fail", 1)).rejects.toMatchObject({ details: "no" });
      write();
      write();
      const lines = fs
        .readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { method: string; calls: number; maxInFlight: number; busyMs: number });
      expect(lines.map(({ method, calls, maxInFlight }) => ({ method, calls, maxInFlight }))).toEqual([
        { method: "double", calls: 2, maxInFlight: 2 },
        { method: "fail", calls: 1, maxInFlight: 1 },
      ]);
      expect(lines.every((line) => line.busyMs >= 0)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
