import type { Database } from "bun:sqlite";

// An hour of health samples (one stutter with dropped frames) for the project's newest stream, and
// an uptime record for its destination: wanted live 3 h, publishing 2 h 40 min of it.

export function seedHealth(db: Database, projectId: number, now: number) {
  const stream = db
    .query(
      "SELECT id, destination_id AS d FROM streams WHERE project_id = ? ORDER BY started_at DESC, id DESC LIMIT 1",
    )
    .get(projectId) as { id: number; d: number };
  const start = now - 3 * 3_600_000;
  const insert = db.query(
    `INSERT INTO health_samples (stream_id, at, span, bitrate_kbps, bitrate_min, bitrate_max, fps, fps_min, fps_max,
       speed, dropped, dup) VALUES (?, ?, 10, ?, ?, ?, ?, ?, ?, 1, ?, 0)`,
  );
  for (let i = 0; i < 360; i++) {
    const stutter = i >= 200 && i < 206;
    const kbps = stutter ? 1800 + i : 5800 + ((i * 37) % 300);
    const fps = stutter ? 24 : 30;
    insert.run(stream.id, start + i * 10_000, kbps, kbps, kbps, fps, fps, fps, stutter ? 12 : 0);
  }
  db.query(
    "INSERT INTO destination_intents (destination_id, source, started_at, ended_at) VALUES (?, 'user', ?, ?)",
  ).run(stream.d, start, start + 3 * 3_600_000);
  const run = db.query(
    "INSERT INTO live_runs (stream_id, destination_id, started_at, ended_at) VALUES (?, ?, ?, ?)",
  );
  run.run(stream.id, stream.d, start, start + 2 * 3_600_000);
  run.run(stream.id, stream.d, start + 2 * 3_600_000 + 20 * 60_000, start + 3 * 3_600_000);
  db.query("INSERT INTO destination_failures (destination_id, stream_id, at) VALUES (?, ?, ?)").run(
    stream.d,
    stream.id,
    start + 2 * 3_600_000,
  );
}
