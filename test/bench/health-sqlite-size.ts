import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { SAMPLE_EVERY_MS } from "@server/features/health/sample-store";
import { HealthSampler } from "@server/features/health/sampler";
import { organizations, projects, streams } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";

// Bytes the health rows of one stream live for `days` take in a real SQLite file: the sampler runs
// on a made-up clock (a sample every 10 s, folding after a day) over `count` streams, then the file
// is vacuumed and its used pages counted, less those of the same file before any sample.

export async function healthBytesPerStream(
  days: number,
  count = 2,
): Promise<{ bytes: number; rows: number }> {
  const dir = mkdtempSync(join(tmpdir(), "console-health-size-"));
  try {
    let clock = Date.UTC(2026, 0, 1);
    const deps = createDeps(loadEnv({ DATA_DIR: dir }), { now: () => clock });
    const { sqlite } = deps;
    if (!sqlite) throw new Error("this bench measures the SQLite file: leave DATABASE_URL unset");
    const org = (await deps.db.insert(organizations).values({ name: "S", slug: "s" }).returning())[0]!;
    const project = (await deps.db.insert(projects).values({ name: "P", orgId: org.id }).returning())[0]!;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const [row] = await deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          mediaName: "m",
          destinationName: "d",
          destinationType: "steam",
          status: "running",
        })
        .returning();
      ids.push(row!.id);
    }
    const used = () => {
      sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;");
      const q = (p: string) => (sqlite.query(`PRAGMA ${p}`).get() as Record<string, number>)[p]!;
      return (q("page_count") - q("freelist_count")) * q("page_size");
    };
    const empty = used();
    let frame = 0;
    const sampler = new HealthSampler({
      db: deps.db,
      now: () => clock,
      live: () => ({
        frame,
        fps: 29.97,
        bitrate_kbps: 5800 + Math.random() * 400,
        speed: 1.001,
        out_time_seconds: frame / 30,
        play_seconds: frame / 30,
        dropped_frames: Math.floor(frame / 50_000),
        dup_frames: 0,
      }),
    });
    const ticks = (days * 24 * 3600_000) / SAMPLE_EVERY_MS;
    sqlite.exec("BEGIN");
    for (let i = 0; i < ticks; i++) {
      clock += SAMPLE_EVERY_MS;
      frame += 300;
      await sampler.tick();
      if (i % 5000 === 0) sqlite.exec("COMMIT; BEGIN");
    }
    sqlite.exec("COMMIT");
    const rows = (sqlite.query("SELECT count(*) AS n FROM health_samples").get() as { n: number }).n;
    const bytes = (used() - empty) / ids.length;
    sqlite.close();
    return { bytes: Math.round(bytes), rows: rows / ids.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const days of [7, 30]) {
    const { bytes, rows } = await healthBytesPerStream(days);
    console.log(
      `health rows of one stream live ${days} days: ${rows} rows, ${(bytes / 1024).toFixed(0)} KiB (${bytes} bytes)`,
    );
  }
}
