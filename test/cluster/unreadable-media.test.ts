import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { NODES } from "@shared/messages/nodes";
import { addDestination, projectWithVideo, startStream, streamsOf } from "../faults/harness";
import type { Api } from "../support/server-process";
import { waitUntil } from "../support/wait";
import { type Cluster, startCluster } from "./cluster";
import { doublePublishers } from "./publishers";

// Two nodes on one PostgreSQL; node-a's media folder is linked to an empty folder instead of the
// shared one (its mount is missing). A stream started on node-a must publish from node-b, and
// node-a's own API says why it moved. Publishers are read from nginx's publish log.

type Card = {
  id: number;
  stream_status: string | null;
  stream_node: string | null;
  stream_unreadable: { file: string; nodes: string[]; failed: boolean } | null;
};

let cluster: Cluster;
let apiA: Api;
let apiB: Api;
let projectId = 0;
let mediaId = 0;

beforeAll(async () => {
  cluster = await startCluster(["node-b"]);
  const elsewhere = join(cluster.mediaDir, "..", "node-a-empty-mount");
  mkdirSync(elsewhere, { recursive: true });
  await cluster.startNode("node-a", {}, { mediaDir: elsewhere });
  apiB = await cluster.nodes.get("node-b")!.api();
  apiA = await cluster.nodes.get("node-a")!.api();
  // Uploaded through the node that writes to the shared folder.
  ({ projectId, mediaId } = await projectWithVideo(apiB, "Unreadable"));
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const cardsOn = async (api: Api) => (await (await api(`/destinations/${projectId}`)).json()) as Card[];

describe("a node whose media mount is missing", () => {
  test("a stream started on it publishes from the other node, and its card said why while it moved", async () => {
    const key = "unreadable-key";
    const destinationId = await addDestination(apiA, projectId, {
      name: "Ingest",
      rtmpUrl: cluster.ingest.rtmpUrl,
      key,
    });
    // Watch node-a's answer from before the start: the moving moment may be short.
    const seen: Card[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const card = (await cardsOn(apiA)).find((c) => c.id === destinationId);
        if (card?.stream_unreadable) seen.push(card);
        await Bun.sleep(20);
      }
    })();
    const askedAt = Date.now();
    const streamId = await startStream(apiA, destinationId, mediaId);
    try {
      await waitUntil(
        async () => (await cluster.ingest.flowing()).has(key),
        60_000,
        "the stream to publish",
        100,
      );
    } finally {
      watching = false;
      await watch;
    }
    console.log(
      `cluster figure: started on the node that cannot read, on air from the other after ${Date.now() - askedAt} ms`,
    );
    const leases = await cluster.leasesByNode();
    expect(leases.get("node-b")).toEqual([streamId]);
    expect(leases.has("node-a")).toBe(false);
    expect(doublePublishers(cluster.ingest.events)).toEqual([]);
    expect(cluster.nodes.get("node-a")!.server.output()).toMatch(/cannot read .* \(ENOENT\)/);

    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.stream_unreadable).toEqual({ file: "trailer.mp4", nodes: ["node-a"], failed: false });
    expect(NODES.cannotRead("node-a", "trailer.mp4")).toBe(
      "Node node-a cannot read trailer.mp4; another node takes the stream over.",
    );
    // On air from node-b: the card no longer says it moves, on either node.
    await waitUntil(
      async () => {
        const card = (await cardsOn(apiA)).find((c) => c.id === destinationId);
        return card?.stream_status === "running" && card.stream_node === "node-b" && !card.stream_unreadable;
      },
      10_000,
      "node-a's card to show the stream running on node-b",
      100,
    );
    const rows = await streamsOf(apiB, projectId);
    expect(rows.find((r) => r.id === streamId)?.error_count).toBe(0);
  }, 120_000);
});
