import { expect, test } from "bun:test";
import { runTool } from "@server/features/media/run";
import { isAlive } from "@server/features/streaming/processes";
import { spawnTied } from "@server/platform/process/child-process";
import { ChildRegistry, childRegistry } from "@server/platform/process/child-registry";
import { waitFor } from "../../fakes/rtmp-receiver";

// One registry holds every child the server starts, so the shutdown sweep and the last resort on
// process exit reach media probes and posters as well as streams.

test("a media tool's child is registered under its kind while it runs and leaves when it exits", async () => {
  const run = runTool(["sleep", "0.3"], 5000, "probe");
  await waitFor(() => childRegistry.list("probe").length > 0, 2000, "the probe to be registered");
  const [probe] = childRegistry.list("probe");
  expect(isAlive(probe!.pid)).toBe(true);
  expect((await run).code).toBe(0);
  await waitFor(() => !childRegistry.pids().includes(probe!.pid), 2000, "the probe to leave");
});

test("killAllNow ends every registered child at once, whatever its kind", async () => {
  const poster = runTool(["sleep", "30"], 60_000, "poster");
  const tool = spawnTied(["sleep", "30"]);
  await waitFor(() => childRegistry.list("poster").length > 0, 2000, "the poster to be registered");
  const pids = childRegistry.pids();
  expect(pids).toContain(tool.pid);
  expect(childRegistry.killAllNow()).toBeGreaterThanOrEqual(2);
  expect((await poster).code).not.toBe(0);
  await tool.exited;
  await waitFor(() => !pids.some(isAlive), 2000, "every child to be gone");
  expect(childRegistry.pids()).toEqual([]);
});

test("a child that exited on its own leaves the registry and is not killed again", async () => {
  const registry = new ChildRegistry();
  const first = Bun.spawn(["true"]);
  registry.add(first, "tool");
  await first.exited;
  await waitFor(() => registry.pids().length === 0, 1000, "the exited child to leave");
  expect(registry.killAllNow()).toBe(0);
});
