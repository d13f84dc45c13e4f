import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  addDestination,
  alive,
  ffmpegsOf,
  projectWithVideo,
  startStream,
  streamsOf,
} from "../faults/harness";
import type { Api } from "../support/server-process";
import { waitUntil } from "../support/wait";
import { type Cluster, startCluster } from "./cluster";
import { doublePublishers, republishedAfter } from "./publishers";

// Three nodes on one PostgreSQL, ten looped streams to nginx-rtmp, and the faults a cluster exists
// for: a node killed, a node frozen, a stop asked on a node that does not run the stream. Every
// claim about publishers is read from nginx's own publish log.

const STREAMS = 10;
let cluster: Cluster;
let api: Api;
const keys: string[] = [];
const streamIds: number[] = [];
/** Nodes a test has killed. */
const dead = new Set<string>();
let projectId = 0;
/** The stream a test stopped on purpose. */
let stoppedId = 0;

const flowingAll = async (wanted: readonly string[]) => {
  const flowing = await cluster.ingest.flowing();
  return wanted.every((k) => flowing.has(k));
};

beforeAll(async () => {
  cluster = await startCluster(["node-a", "node-b", "node-c"]);
  api = await cluster.nodes.get("node-a")!.api();
  const made = await projectWithVideo(api, "Cluster");
  projectId = made.projectId;
  const mediaId = made.mediaId;
  for (let i = 0; i < STREAMS; i++) {
    const key = `cluster-key-${i}`;
    keys.push(key);
    const destinationId = await addDestination(api, projectId, {
      name: `Ingest ${i}`,
      rtmpUrl: cluster.ingest.rtmpUrl,
      key,
    });
    streamIds.push(await startStream(api, destinationId, mediaId));
  }
  await waitUntil(() => flowingAll(keys), 60_000, "all ten streams to publish", 250);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe("three nodes on one PostgreSQL", () => {
  test("the streams are spread over the nodes, each run by exactly one", async () => {
    const by = await cluster.leasesByNode();
    expect([...by.values()].flat().sort((a, b) => a - b)).toEqual(streamIds);
    expect(by.size).toBe(3);
    for (const ids of by.values()) expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
    // Every node shows every stream's live figures, its own and those the others wrote with their leases.
    // (A run reads as running from its first progress report, a moment after nginx sees media.)
    for (const node of cluster.nodes.values()) {
      const nodeApi = await node.api();
      const withFigures = async () => {
        const rows = await streamsOf(nodeApi, projectId);
        const fps = rows.map((r) => (r as { live?: { fps?: number } | null }).live?.fps ?? 0);
        return rows.filter((r) => r.status === "running").length === STREAMS && fps.every((f) => f > 0);
      };
      await waitUntil(withFigures, 10_000, `${node.name} to show every stream running with its figures`, 200);
    }
  });

  test("kill -9 of the node with the most streams: each publishes again from another node, never twice", async () => {
    const by = await cluster.leasesByNode();
    const [victim, ids] = [...by].sort((a, b) => b[1].length - a[1].length)[0]!;
    const moved = ids.map((id) => keys[streamIds.indexOf(id)]!);
    const node = cluster.nodes.get(victim)!;
    const killedAt = Date.now();
    process.kill(node.pid, "SIGKILL");
    dead.add(victim);
    await waitUntil(
      () => republishedAfter(cluster.ingest.events, moved, killedAt).size === moved.length,
      60_000,
      "every stream of the killed node to publish again",
      100,
    );
    const times = [...republishedAfter(cluster.ingest.events, moved, killedAt).values()].sort(
      (a, b) => a - b,
    );
    console.log(
      `cluster figure: kill -9 of ${victim} (${moved.length} streams): back after p50 ${times[Math.floor(times.length / 2)]} ms, max ${times.at(-1)} ms (budget 30000 ms)`,
    );
    expect(times.at(-1)!).toBeLessThan(30_000);
    await waitUntil(() => flowingAll(keys), 30_000, "every stream to flow", 250);
    const after = await cluster.leasesByNode();
    expect(after.has(victim)).toBe(false);
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
    expect(cluster.ingest.errorLog()).not.toContain("already publishing");
  }, 120_000);

  test("a stop asked on a node that does not run the stream reaches its owner within a second", async () => {
    const by = await cluster.leasesByNode();
    const [owner, ids] = [...by][0]!;
    const other = [...cluster.nodes.values()].find((n) => n.name !== owner && !dead.has(n.name))!;
    const id = ids[0]!;
    stoppedId = id;
    const key = keys[streamIds.indexOf(id)]!;
    const otherApi = await other.api();
    const asked = Date.now();
    const res = await otherApi("/streams/stop", { json: { streamId: id } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("stopped");
    const done = cluster.ingest.events.find(
      (e) => e.call === "publish_done" && e.key === key && e.at >= asked,
    );
    expect(done).toBeDefined();
    console.log(
      `cluster figure: a stop asked on ${other.name} for a stream of ${owner}: publish done after ${done!.at - asked} ms`,
    );
    // The signal arrives within a second; ffmpeg then closes its connection as a graceful stop does.
    expect(done!.at - asked).toBeLessThan(3000);
    expect(ffmpegsOf(cluster.nodes.get(owner)!.dataDir).length).toBe(ids.length - 1);
  }, 60_000);

  test("SIGSTOP of a node for 60 s: its streams move, its ffmpeg are gone before it wakes, and it lets go", async () => {
    const by = await cluster.leasesByNode();
    const [frozen, ids] = [...by].filter(([n]) => !dead.has(n)).sort((a, b) => b[1].length - a[1].length)[0]!;
    const node = cluster.nodes.get(frozen)!;
    const moved = ids.map((id) => keys[streamIds.indexOf(id)]!);
    const pids = ffmpegsOf(node.dataDir);
    expect(pids.length).toBe(ids.length);
    const stoppedAt = Date.now();
    process.kill(node.pid, "SIGSTOP");
    try {
      await waitUntil(
        () => republishedAfter(cluster.ingest.events, moved, stoppedAt).size === moved.length,
        60_000,
        "every stream of the frozen node to publish from another",
        100,
      );
      const times = [...republishedAfter(cluster.ingest.events, moved, stoppedAt).values()].sort(
        (a, b) => a - b,
      );
      console.log(
        `cluster figure: SIGSTOP of ${frozen} (${moved.length} streams): moved after max ${times.at(-1)} ms`,
      );
      // The freeze itself lasts its 60 s: what is measured is what the frozen node left running.
      await Bun.sleep(Math.max(0, stoppedAt + 60_000 - Date.now()));
      expect(pids.filter((pid) => alive(pid))).toEqual([]);
    } finally {
      process.kill(node.pid, "SIGCONT");
    }
    await waitUntil(
      () => (node.server.output().match(/let go: lease lost/g) ?? []).length >= moved.length,
      30_000,
      "the woken node to let go of every stream it had",
      100,
    );
    expect(ffmpegsOf(node.dataDir)).toEqual([]);
    await waitUntil(
      () => flowingAll(keys.filter((k) => k !== keys[streamIds.indexOf(stoppedId)])),
      30_000,
      "the streams to flow",
      250,
    );
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
    expect(cluster.ingest.errorLog()).not.toContain("already publishing");
  }, 150_000);
});
