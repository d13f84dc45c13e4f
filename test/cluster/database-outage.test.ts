import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { addDestination, projectWithVideo, startStream } from "../faults/harness";
import { waitUntil } from "../support/wait";
import { type Cluster, startCluster } from "./cluster";
import { doublePublishers, republishedAfter } from "./publishers";

// Two nodes, four streams, and PostgreSQL taken away: briefly (streams must not notice), then for
// longer than a lease (every node must stop publishing before its leases end, and every stream must
// be back within 5 s of the database's return).

const STREAMS = 4;
let cluster: Cluster;
const keys: string[] = [];

const flowingAll = async () => {
  const flowing = await cluster.ingest.flowing();
  return keys.every((k) => flowing.has(k));
};
const endsSince = (since: number) =>
  cluster.ingest.events.filter((e) => e.call === "publish_done" && e.at >= since && keys.includes(e.key));

beforeAll(async () => {
  cluster = await startCluster(["db-a", "db-b"]);
  const api = await cluster.nodes.get("db-a")!.api();
  const { projectId, mediaId } = await projectWithVideo(api, "Outage");
  for (let i = 0; i < STREAMS; i++) {
    const key = `outage-key-${i}`;
    keys.push(key);
    const destinationId = await addDestination(api, projectId, {
      name: `Ingest ${i}`,
      rtmpUrl: cluster.ingest.rtmpUrl,
      key,
    });
    await startStream(api, destinationId, mediaId);
  }
  await waitUntil(flowingAll, 60_000, "all streams to publish", 250);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe("PostgreSQL out of reach", () => {
  test("restarted in less than a lease: every stream keeps publishing and the nodes reconnect on their own", async () => {
    const downAt = Date.now();
    await cluster.pg.down();
    await cluster.pg.up();
    const upAt = Date.now();
    console.log(`cluster figure: PostgreSQL down and up again in ${upAt - downAt} ms`);
    // The nodes reconnect on their own: every lease is renewed after the restart (a lease lasts 10 s
    // from its renewal, so an expiry past the restart plus 10 s was written after it).
    const sql = new SQL({ url: cluster.databaseUrl, max: 1 });
    try {
      await waitUntil(
        async () => {
          const rows =
            (await sql`select count(*)::int as n from stream_leases where expires_at > ${upAt + 10_000}`) as {
              n: number;
            }[];
          return rows[0]!.n === STREAMS;
        },
        15_000,
        "every lease to be renewed after the restart",
        250,
      );
    } finally {
      await sql.close();
    }
    await waitUntil(
      async () => (await cluster.ingest.flowing()).size >= STREAMS,
      10_000,
      "the streams to flow",
      250,
    );
    expect(endsSince(downAt)).toEqual([]);
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
  }, 60_000);

  test("gone longer than a lease: every node stops publishing before its leases end, and all is back within 5 s of its return", async () => {
    const downAt = Date.now();
    await cluster.pg.down();
    // Every stream ends: no renewal reaches the database, so each node stops its own before the end.
    await waitUntil(
      () => endsSince(downAt).length >= STREAMS,
      20_000,
      "every stream to stop publishing",
      100,
    );
    const stoppedAfter = Math.max(...endsSince(downAt).map((e) => e.at - downAt));
    console.log(
      `cluster figure: PostgreSQL gone: every stream stopped ${stoppedAfter} ms after it went (lease 10 s)`,
    );
    expect(stoppedAfter).toBeLessThan(10_000);
    for (const node of cluster.nodes.values())
      expect(node.server.output()).toContain(
        "stopped before its lease ended: the database cannot be reached",
      );
    await cluster.pg.up();
    const upAt = Date.now();
    await waitUntil(
      () => republishedAfter(cluster.ingest.events, keys, upAt).size === STREAMS,
      15_000,
      "every stream to publish again",
      100,
    );
    const back = Math.max(...republishedAfter(cluster.ingest.events, keys, upAt).values());
    console.log(`cluster figure: every stream back ${back} ms after PostgreSQL returned (budget 5000 ms)`);
    expect(back).toBeLessThan(5_000);
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
    expect(cluster.ingest.errorLog()).not.toContain("already publishing");
  }, 90_000);
});
