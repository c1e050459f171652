/** killTree ends a process and its grandchildren, even one in a process group of its own. */
import { spawn } from "node:child_process";
import { descendantsOf, isRunning as alive, killTree } from "../../../scripts/lib/process-tree";

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
