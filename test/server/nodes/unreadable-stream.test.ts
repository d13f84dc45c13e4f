import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { recordAndLaunch } from "@server/features/streaming/stream-start";
import { dialect } from "@server/platform/db/dialect";
import {
  destinations,
  mediaFiles,
  nodes,
  streamLeases,
  streams,
  streamUnreadable,
} from "@server/platform/db/schema";
import { NODES } from "@shared/messages/nodes";
import { STREAMING } from "@shared/messages/streaming";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "@test/support/server";
import { waitUntil } from "@test/support/wait";
import { eq } from "drizzle-orm";

// The supervisor of node eu-1, whose media folder lacks the file a stream plays (on a cluster: its
// mount of the shared folder is missing). The file is named in the database and nowhere on this disk.

async function world() {
  const deps = testDeps({ NODE_NAME: "eu-1" });
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id });
  const [media] = await deps.db
    .insert(mediaFiles)
    .values({
      projectId: project.id,
      originalName: "trailer.mp4",
      storedName: `${crypto.randomUUID()}.mp4`,
      mimeType: "video/mp4",
      fileSize: 1000,
      kind: "video",
      durationSeconds: 6,
      width: 320,
      height: 240,
      videoCodec: "h264",
      audioCodec: "aac",
      frameRate: 25,
      keyframeInterval: 2,
      steamReady: true,
    })
    .returning();
  const destination = async (name: string) =>
    (
      await deps.db
        .insert(destinations)
        .values({ projectId: project.id, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1:1/live" })
        .returning()
    )[0]!;
  const caller = await callerFor(deps, user.email);
  const cards = async () => caller.streaming.destinations({ projectId: project.id });
  return { deps, project, media: media!, destination, caller, cards };
}

const statusOf = async (deps: AppDeps, id: number) =>
  (await deps.db.select().from(streams).where(eq(streams.id, id)))[0]!;

const beat = (deps: AppDeps, name: string, at: number) =>
  deps.db.insert(nodes).values({ name, startedAt: at, lastHeartbeatAt: at });

describe.skipIf(dialect !== "postgres")("nodes sharing a database, one unable to read the media", () => {
  test("with another node up, the start is taken, handed on, and the card says why it moves", async () => {
    const w = await world();
    await beat(w.deps, "eu-2", Date.now());
    const d = await w.destination("Ingest");
    const started = await w.caller.streaming.start({ destinationId: d.id, mediaId: w.media.id });
    const said = await waitUntil(
      async () => (await w.deps.db.select().from(streamUnreadable))[0],
      10_000,
      "the node to say it cannot read the media",
    );
    expect(said).toMatchObject({ streamId: started.id, node: "eu-1", file: "trailer.mp4" });
    // Not failed, and no node holds it: the one that can read it claims it next.
    expect((await statusOf(w.deps, started.id)).status).toBe("starting");
    await waitUntil(
      async () => (await w.deps.db.select().from(streamLeases)).length === 0,
      5_000,
      "the lease back",
    );
    const [card] = await w.cards();
    expect(card).toMatchObject({
      stream_moving: true,
      stream_unreadable: { file: "trailer.mp4", nodes: ["eu-1"], failed: false },
    });
    expect(NODES.cannotRead("eu-1", "trailer.mp4")).toBe(
      "Node eu-1 cannot read trailer.mp4; another node takes the stream over.",
    );
  });

  test("with no other node up, the stream fails as a missing file does, and the card says no node could read it", async () => {
    const w = await world();
    await beat(w.deps, "eu-2", Date.now() - 60_000);
    const d = await w.destination("Ingest");
    const stream = await recordAndLaunch(w.deps, { destination: d, startedBy: null, media: w.media });
    const row = await waitUntil(
      async () =>
        (await statusOf(w.deps, stream.id)).status === "error" ? statusOf(w.deps, stream.id) : null,
      10_000,
      "the stream to fail",
    );
    expect(row.lastErrorMessage).toBe(STREAMING.mediaFileMissing);
    await waitUntil(
      async () => (await w.deps.db.select().from(streamLeases)).length === 0,
      5_000,
      "the lease back",
    );
    const [card] = await w.cards();
    expect(card).toMatchObject({
      last_failure: { message: STREAMING.mediaFileMissing, ended: true },
      stream_unreadable: { file: "trailer.mp4", nodes: ["eu-1"], failed: true },
    });
  });
});

describe.skipIf(dialect === "postgres")("a console alone on SQLite", () => {
  test("a media file missing on disk fails the stream as before, records nothing, and the card says nothing more", async () => {
    const w = await world();
    const d = await w.destination("Ingest");
    const stream = await recordAndLaunch(w.deps, { destination: d, startedBy: null, media: w.media });
    const row = await waitUntil(
      async () =>
        (await statusOf(w.deps, stream.id)).status === "error" ? statusOf(w.deps, stream.id) : null,
      10_000,
      "the stream to fail",
    );
    expect(row.lastErrorMessage).toBe(STREAMING.mediaFileMissing);
    expect(await w.deps.db.select().from(streamUnreadable)).toEqual([]);
    const [card] = await w.cards();
    expect(card).toMatchObject({ stream_unreadable: null, stream_moving: false });
  });
});
