/**
 * Issue 7, item 3: `pulumi up` killed mid-update (SIGKILL to the CLI and everything it
 * started: language host, provider process), while the server is slow so that some
 * creates have committed, some are in flight and some have not started. Then what a
 * user does: `pulumi cancel` (releases the stack), then one of the engine's two answers
 * to creates it lost track of, and `pulumi up` again:
 * - "clear": `pulumi refresh --clear-pending-creates` (drop them from the state);
 * - "import": `pulumi refresh --import-pending-creates <urn> <id> …`, the ids found by
 *   listing the tenant for objects with the pending resources' names (a careful user).
 * The tenant must end with exactly one object per resource: none duplicated, none left
 * behind outside the state. The figure is given per strategy.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { killTree } from "../../scripts/lib/process-tree";
import { ensurePulumiCli, pulumiEnv } from "../../scripts/lib/pulumi";
import { E2E_TIMEOUT_MS, setScenario, startE2e, type E2eContext } from "../e2e/harness";
import { FULL, printFigure, sized, stackName } from "./support";

jest.setTimeout(E2E_TIMEOUT_MS * 2);

const STACK = stackName("interrupted");
const LAST_DELAY_MS = 6_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("interrupted pulumi up", () => {
  let ctx: E2eContext;
  let env: Record<string, string>;

  beforeAll(async () => {
    ctx = await startE2e({
      stackName: STACK,
      config: { hookPassword: { value: "interrupted-hook-password-1", secret: true } },
    });
    // The same place startE2e gave the stack (see test/e2e/harness.ts).
    env = pulumiEnv(ensurePulumiCli(), {
      stateDir: path.join(ctx.tmpDir, "state"),
      homeDir: path.join(ctx.tmpDir, "home"),
      passphrase: "e2e-passphrase",
    });
  });

  afterAll(async () => {
    await ctx?.dispose();
  });

  /** Forms and event streams of the tenant (read at a rate that does not disturb anything). */
  const tenantObjects = async () => [...(await ctx.api.forms()), ...(await ctx.api.eventStreams())];

  /** Ids of the tenant objects recorded in the stack's state. */
  const stateIds = async () => {
    const deployment = (await ctx.stack.exportStack()).deployment as { resources?: { type: string; id?: string }[] };
    return (deployment.resources ?? [])
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/tenant:") && r.id)
      .map((r) => r.id!);
  };

  /** Runs the CLI as a user would, in the program's directory (its copy; asynchronously: the server runs in this process). */
  const cli = (args: string[]) =>
    new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        path.join(env.PATH.split(path.delimiter)[0], "pulumi"),
        [...args, "--stack", STACK, "--non-interactive"],
        {
          cwd: ctx.programDir,
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.once("exit", (status) => resolve({ status, output }));
    });

  /** "import": match each pending create to an unowned tenant object of the same name and import it. */
  const importPendingCreates = async (log: string[], round: number) => {
    const deployment = (await ctx.stack.exportStack()).deployment as {
      pending_operations?: { type: string; resource: { urn: string; type: string; inputs?: { name?: string } } }[];
      resources?: { id?: string }[];
    };
    const owned = new Set((deployment.resources ?? []).map((r) => r.id).filter(Boolean));
    const candidates = (await tenantObjects()).filter((object) => !owned.has(object.id));
    const pairs: string[] = [];
    for (const pending of deployment.pending_operations ?? []) {
      if (pending.type !== "creating") continue;
      const match = candidates.find((object) => object.name === pending.resource.inputs?.name);
      if (!match) continue;
      candidates.splice(candidates.indexOf(match), 1);
      pairs.push("--import-pending-creates", pending.resource.urn, "--import-pending-creates", match.id);
    }
    const refresh = await cli(["refresh", "--yes", ...pairs]);
    log.push(
      `round ${round}: refresh importing ${pairs.length / 4} pending creates: exit ${refresh.status}${refresh.status ? ` ${refresh.output.slice(-400)}` : ""}`,
    );
    log.push(
      `round ${round}: after that refresh the state holds ${(await stateIds()).length} objects (${pairs.length / 4} were imported by id)`,
    );
    // Pending creates that never reached the tenant: nothing to import, drop them.
    const remaining =
      ((await ctx.stack.exportStack()).deployment as { pending_operations?: unknown[] }).pending_operations ?? [];
    if (remaining.length > 0) {
      const clear = await cli(["refresh", "--yes", "--clear-pending-creates"]);
      log.push(
        `round ${round}: refresh clearing ${remaining.length} pending creates with nothing to import: exit ${clear.status}`,
      );
    }
  };

  test("kill -9 during up, then cancel, refresh of the pending creates and up: nothing duplicated or left behind", async () => {
    const strategies = FULL ? ["clear", "import", "clear", "import"] : ["clear"];
    const rounds = strategies.length;
    const formCount = sized(4, 12);
    const streamCount = sized(2, 6);
    const expected = formCount + streamCount;
    const figures: Record<string, { duplicated: number; leftBehind: number; unconverged: number }> = {
      clear: { duplicated: 0, leftBehind: 0, unconverged: 0 },
      import: { duplicated: 0, leftBehind: 0, unconverged: 0 },
    };
    const log: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const strategy = strategies[round];
      const figure = figures[strategy];
      await setScenario(ctx.stack, { formCount, streamCount, formName: `Interrupted ${round}` });
      // A slow server, slower for later creates: the first create of each kind commits fast, the next after
      // 2.5 s, the rest after 6 s, so the kill finds creates done, in flight and not yet answered.
      for (const route of ["/api/v2/forms", "/api/v2/event-streams"]) {
        ctx.server.faults.add({ method: "POST", path: route, mode: "delay", delayMs: 300, times: 1 });
        ctx.server.faults.add({ method: "POST", path: route, mode: "delay", delayMs: 2_500, times: 1 });
        ctx.server.faults.add({
          method: "POST",
          path: route,
          mode: "delay",
          delayMs: LAST_DELAY_MS,
          times: expected * 2,
        });
      }

      const child = spawn(
        path.join(env.PATH.split(path.delimiter)[0], "pulumi"),
        ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", STACK],
        {
          cwd: ctx.programDir,
          env: { ...process.env, ...env },
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.stderr!.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

      // Kill once some creates have committed and others are still on their way.
      const startedAt = Date.now();
      let committed = 0;
      while (Date.now() - startedAt < 180_000 && child.exitCode === null) {
        committed = (await tenantObjects()).length;
        if (committed >= 2) break;
        await sleep(100);
      }
      if (child.exitCode !== null)
        throw new Error(`pulumi up ended (exit ${child.exitCode}) before it could be killed:\n${output.slice(-2000)}`);
      // The CLI, its language host and the dynamic provider (each plugin in a process group of its own):
      // killing only the CLI's group left the provider running after the suite.
      killTree(child.pid!, "SIGKILL");
      await exited;
      log.push(
        `round ${round}: killed with ${committed} objects committed; output tail: ${output.slice(-300).replace(/\s+/g, " ")}`,
      );
      // Creates the server was still working on finish now, with nobody to hear about them.
      await sleep(LAST_DELAY_MS + 1_000);
      ctx.server.faults.clear();
      const afterKill = await tenantObjects();

      // What a user does next.
      try {
        await ctx.stack.cancel();
        log.push(`round ${round}: pulumi cancel succeeded`);
      } catch (error) {
        log.push(
          `round ${round}: pulumi cancel: ${String((error as Error).message)
            .split("\n")
            .filter((line) => /error|cancel/i.test(line))
            .join(" ")
            .slice(0, 300)}`,
        );
      }
      if (strategy === "import") {
        await importPendingCreates(log, round);
      } else {
        try {
          await ctx.stack.refresh({ clearPendingCreates: true });
        } catch (error) {
          log.push(
            `round ${round}: refresh --clear-pending-creates failed: ${String((error as Error).message).slice(-400)}`,
          );
        }
      }
      try {
        await ctx.stack.up();
      } catch (error) {
        figure.unconverged += 1;
        log.push(`round ${round}: up after the kill failed: ${String((error as Error).message).slice(-400)}`);
      }

      const objects = await tenantObjects();
      const owned = new Set(await stateIds());
      const byName = new Map<string, number>();
      for (const object of objects) byName.set(object.name, (byName.get(object.name) ?? 0) + 1);
      const roundDuplicated = [...byName.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
      const roundLeftBehind = objects.filter((object) => !owned.has(object.id)).length;
      figure.duplicated += roundDuplicated;
      figure.leftBehind += roundLeftBehind;
      if (owned.size !== expected) {
        figure.unconverged += 1;
        log.push(`round ${round}: state holds ${owned.size} objects, expected ${expected}`);
      }
      log.push(
        `round ${round} (${strategy}): ${afterKill.length} objects after the kill; after recovery ${objects.length} in the tenant, ${owned.size} in state, ` +
          `${roundDuplicated} duplicated, ${roundLeftBehind} left behind`,
      );
      // Clean up so the next round starts from an empty tenant: destroy, then whatever the state never knew.
      await ctx.stack.destroy();
      for (const object of await ctx.api.forms()) await ctx.api.call("DELETE", `/forms/${object.id}`);
      for (const object of await ctx.api.eventStreams()) await ctx.api.call("DELETE", `/event-streams/${object.id}`);
    }
    console.log(log.join("\n"));
    for (const [strategy, figure] of Object.entries(figures).filter(([name]) => strategies.includes(name))) {
      printFigure(`interrupted-up-${strategy}`, {
        rounds: strategies.filter((s) => s === strategy).length,
        resources: expected,
        ...figure,
      });
    }
    for (const strategy of new Set(strategies))
      expect({ strategy, ...figures[strategy] }).toEqual({ strategy, duplicated: 0, leftBehind: 0, unconverged: 0 });
  });
});
