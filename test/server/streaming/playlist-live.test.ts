import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { h264Mp4, steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// A playlist of short, different files through real ffmpeg into a real nginx-rtmp: the whole loop goes
// out in one publish, more than one full loop, with no reconnect between items or loops.

let ingest: NginxRtmp;
beforeAll(async () => {
  ingest = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await ingest?.stop();
}, 30_000);

const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

describe("a playlist on air", () => {
  test("three different items loop as one RTMP session: one publish, no reconnect", async () => {
    const w = await streamingWorld();
    const shape = { width: 320, height: 180, frameRate: 30 };
    const a = await addVideo(w.deps, w.project.id, await steamReadyMp4(2), { ...shape, durationSeconds: 2 });
    const b = await addVideo(w.deps, w.project.id, await h264Mp4(3, {}, "playlist-b-3s"), {
      ...shape,
      durationSeconds: 3,
    });
    // A different frame rate: the items no longer share one shape, so all go out as prepared copies.
    const c = await addVideo(w.deps, w.project.id, await h264Mp4(2, { rate: 25 }, "playlist-c-25fps"), {
      ...shape,
      frameRate: 25,
      durationSeconds: 2,
    });
    const list = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "Loop",
      media_ids: [a.id, b.id, c.id],
    });
    const dest = await w.asDev.streaming.createDestination({
      name: "Ingest",
      type: "custom",
      rtmp_url: ingest.rtmpUrl,
      stream_key: "playlist-key",
      autorestart: false,
      project_id: w.project.id,
    });
    const started = await w.asDev.streaming.start({ destinationId: dest.id, playlistId: list.id });
    const loop = list.total_duration_seconds;
    // More than one full loop (plus a second of the next one), at real time.
    await waitFor(
      () => (w.deps.supervisor.live(started.id)?.out_time_seconds ?? 0) > loop * 1.5,
      60_000,
      "a loop and a half on air",
    );
    const publishes = ingest.events.filter((e) => e.key === "playlist-key");
    expect(publishes.map((e) => e.call)).toEqual(["publish"]);
    const row = (await w.deps.db.select().from(streams).where(eq(streams.id, started.id)))[0]!;
    expect([row.status, row.errorCount]).toEqual(["running", 0]);
    expect(argvOf(row.pid!)).toContain("concat");
    expect((await ingest.flowing()).has("playlist-key")).toBe(true);

    // An edit on air rewrites the items list; the run goes on without a new publish.
    await w.asDev.playlists.update({ id: list.id, media_ids: [a.id, b.id] });
    const itemsFile = join(w.deps.env.DATA_DIR, "playlists", `stream-${started.id}.items.ffconcat`);
    await waitFor(
      () => readFileSync(itemsFile, "utf8").match(/^file /gm)?.length === 2,
      10_000,
      "the list rewritten",
    );
    const seenAt = w.deps.supervisor.live(started.id)?.out_time_seconds ?? 0;
    await waitFor(
      () => (w.deps.supervisor.live(started.id)?.out_time_seconds ?? 0) > seenAt + loop,
      60_000,
      "another loop after the edit",
    );
    expect(ingest.events.filter((e) => e.key === "playlist-key").map((e) => e.call)).toEqual(["publish"]);
    const speed = w.deps.supervisor.live(started.id)?.speed ?? 0;
    expect(speed).toBeGreaterThan(0.9);
    await w.asDev.streaming.stop({ streamId: started.id });
    await waitFor(
      () => ingest.events.filter((e) => e.key === "playlist-key").length === 2,
      5000,
      "the one publish ends",
    );
  }, 120_000);
});
