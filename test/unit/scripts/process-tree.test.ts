/** killTree ends a process and its grandchildren, even one in a process group of its own. */
import { spawn } from "node:child_process";
import { descendantsOf, endLeftovers, isRunning as alive, killTree } from "../../../scripts/lib/process-tree";

test("a grandchild in its own process group is found and killed with its parent", async () => {
  // The child starts a detached grandchild (own process group, as Pulumi starts its plugins), prints its pid, and waits.
  const script =
    "const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });" +
    "console.log(c.pid); setInterval(() => {}, 1000);";
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  const grandchild = await new Promise<number>((resolve) =>
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString()))),
  );
  try {
    expect(descendantsOf(child.pid!)).toEqual([grandchild]);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    expect(killTree(child.pid!)).toEqual([child.pid, grandchild]);
    await exited;
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive(grandchild)).toBe(false);
  } finally {
    killTree(child.pid!);
    try {
      process.kill(grandchild, "SIGKILL");
    } catch {
      // gone, as expected
    }
  }
});

test("a process left running with the run's marker is reported with its command and killed; others are not", async () => {
  const value = `test-${process.pid}-${Date.now()}`;
  const env = { ...process.env, PULUMI_TENANT_TEST_RUN: value };
  const leftover = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "fake-leftover"], {
    env,
    stdio: "ignore",
  });
  const unmarked = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise((resolve) => leftover.once("exit", resolve));
    const found = endLeftovers("PULUMI_TENANT_TEST_RUN", value);
    expect(found).toEqual([{ pid: leftover.pid, command: expect.stringContaining("fake-leftover") }]);
    await exited;
    expect(alive(leftover.pid!)).toBe(false);
    expect(alive(unmarked.pid!)).toBe(true);
    expect(endLeftovers("PULUMI_TENANT_TEST_RUN", value)).toEqual([]);
  } finally {
    leftover.kill("SIGKILL");
    unmarked.kill("SIGKILL");
  }
});
