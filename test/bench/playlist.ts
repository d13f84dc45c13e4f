// Playlist benchmark: a 3-item playlist (short, different 720p30 files made with ffmpeg's lavfi) goes
// out through the supervisor to nginx-rtmp on loopback until it has looped LOOPS times. It prints the
// reconnects at the receiver (publishes after the first; budget 0) and the speed held over the run
// (media seconds per wall second; budget ≥ 0.99×) beside their budgets; it asserts nothing.
// Run: bun test/bench/playlist.ts   (env: LOOPS=10)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media/storage";
import { syntheticVideoCommand } from "@server/features/media/synthetic-video";
import { startStreamUnattended } from "@server/features/streaming/stream-start";
import { Supervisor } from "@server/features/streaming/supervisor";
import {
  destinations,
  mediaFiles,
  organizations,
  playlistItems,
  playlists,
  projects,
} from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { startNginxRtmp } from "../fakes/nginx-rtmp";
import { waitFor } from "../fakes/rtmp-receiver";

const LOOPS = Number(process.env.LOOPS ?? 10);
const ITEMS = [
  { seconds: 2, toneHz: 330 },
  { seconds: 3, toneHz: 440 },
  { seconds: 2, toneHz: 550 },
];
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const work = mkdtempSync(join(tmpdir(), "console-bench-playlist-"));

async function makeItem(dataDir: string, i: number): Promise<string> {
  const storedName = `item-${i}.mp4`;
  const { seconds, toneHz } = ITEMS[i]!;
  const argv = syntheticVideoCommand(
    FFMPEG,
    { seconds, size: "1280x720", toneHz, preset: "veryfast", videoArgs: ["-b:v", "2500k"] },
    mediaPaths(dataDir).file(storedName),
  );
  const proc = Bun.spawn(argv, { stdout: "ignore", stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error("could not make a playlist item");
  return storedName;
}

async function main() {
  const nginx = await startNginxRtmp();
  const dataDir = join(work, "data");
  const deps = createDeps(loadEnv({ DATA_DIR: dataDir }));
  const supervisor = new Supervisor({ db: deps.db, env: deps.env, now: deps.now });
  deps.supervisor = supervisor;
  try {
    const org = deps.db.insert(organizations).values({ name: "Bench", slug: "bench" }).returning().get();
    const project = deps.db.insert(projects).values({ name: "Bench", orgId: org.id }).returning().get();
    const media = [];
    for (const [i, item] of ITEMS.entries()) {
      const storedName = await makeItem(dataDir, i);
      const values = { projectId: project.id, originalName: storedName, storedName, mimeType: "video/mp4" };
      const shape = { width: 1280, height: 720, frameRate: 30, videoCodec: "h264", audioCodec: "aac" };
      const size = Bun.file(mediaPaths(dataDir).file(storedName)).size;
      const row = {
        ...values,
        ...shape,
        fileSize: size,
        kind: "video" as const,
        durationSeconds: item.seconds,
      };
      media.push(
        deps.db
          .insert(mediaFiles)
          .values({ ...row, steamReady: true })
          .returning()
          .get(),
      );
    }
    const list = deps.db
      .insert(playlists)
      .values({ projectId: project.id, name: "Bench loop" })
      .returning()
      .get();
    deps.db
      .insert(playlistItems)
      .values(media.map((m, position) => ({ playlistId: list.id, position, mediaId: m.id })))
      .run();
    const dest = deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "nginx",
        type: "custom",
        rtmpUrl: nginx.rtmpUrl,
        streamKey: "loop",
      })
      .returning()
      .get();
    const loopSeconds = ITEMS.reduce((s, i) => s + i.seconds, 0);
    const stream = startStreamUnattended(deps, {
      destinationId: dest.id,
      playlistId: list.id,
      startedBy: null,
    });
    const out = () => supervisor.live(stream.id)?.out_time_seconds ?? 0;
    await waitFor(() => out() > 1, 30_000, "the playlist on air");
    const t0 = performance.now();
    const o0 = out();
    await waitFor(() => out() >= loopSeconds * LOOPS, (loopSeconds * LOOPS + 30) * 1000, `${LOOPS} loops`);
    const held = (out() - o0) / ((performance.now() - t0) / 1000);
    const reported = supervisor.live(stream.id)?.speed ?? 0;
    const onAir = out();
    const publishes = nginx.events.filter((e) => e.call === "publish").length;
    await supervisor.stop(stream.id);
    console.log(
      `playlist: ${ITEMS.length} items, ${loopSeconds} s a loop, ${LOOPS} loops (${onAir.toFixed(0)} s on air)`,
    );
    console.log(
      `reconnects at the receiver: ${Math.max(0, publishes - 1)}  (budget 0; publishes seen: ${publishes})`,
    );
    console.log(`speed held: ${held.toFixed(3)}x, ffmpeg's own: ${reported.toFixed(3)}x  (budget ≥ 0.99x)`);
  } finally {
    await supervisor.shutdown();
    await nginx.stop();
    deps.sqlite.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
