// What the benches share: a process's resident memory; for the streaming benches, a project, one
// steam-ready video and N custom destinations written straight into a running server's SQLite file
// (WAL), and stopping the child processes a bench started.
import { readFileSync } from "node:fs";
import { createDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media/storage";
import { destinations, mediaFiles, projects } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import type { Subprocess } from "bun";

export const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

export interface BenchStreamsSpec {
  /** The video to copy in; its probed shape is given below, the benches know it. */
  source: string;
  storedName: string;
  video: { durationSeconds: number; width: number; height: number; frameRate: number };
  rtmpUrl: string;
  count: number;
  /** Stream keys are this prefix and 1..count, so each bench's publishes are told apart at nginx. */
  keyPrefix: string;
}

export async function seedBenchStreams(dataDir: string, spec: BenchStreamsSpec) {
  await Bun.write(mediaPaths(dataDir).file(spec.storedName), Bun.file(spec.source));
  const deps = createDeps(loadEnv({ DATA_DIR: dataDir }));
  try {
    const project = (await deps.db.insert(projects).values({ name: "Bench", orgId: 1 }).returning())[0]!;
    const media = (
      await deps.db
        .insert(mediaFiles)
        .values({
          projectId: project.id,
          originalName: spec.storedName,
          storedName: spec.storedName,
          mimeType: "video/mp4",
          fileSize: Bun.file(spec.source).size,
          kind: "video",
          ...spec.video,
          videoCodec: "h264",
          audioCodec: "aac",
          keyframeInterval: 2,
          steamReady: true,
        })
        .returning()
    )[0]!;
    const dests = [];
    for (let i = 0; i < spec.count; i++) {
      const [dest] = await deps.db
        .insert(destinations)
        .values({
          projectId: project.id,
          name: `nginx ${i + 1}`,
          type: "custom",
          rtmpUrl: spec.rtmpUrl,
          streamKey: `${spec.keyPrefix}${i + 1}`,
        })
        .returning();
      dests.push(dest!);
    }
    return { project, media, dests };
  } finally {
    await deps.closeDb();
  }
}

/** SIGTERM each child still running, newest first, and SIGKILL one that outlasts 8 s. */
export async function stopChildren(children: Subprocess[]) {
  for (const c of [...children].reverse()) {
    if (c.exitCode !== null) continue;
    c.kill("SIGTERM");
    await Promise.race([c.exited, Bun.sleep(8000)]);
    if (c.exitCode === null) c.kill("SIGKILL");
  }
}
