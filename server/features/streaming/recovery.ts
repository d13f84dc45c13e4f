import type { MediaPreparer } from "@server/features/media";
import type { Db } from "@server/platform/db/client";
import type { Env } from "@server/platform/env";
import { isLive } from "@shared/schemas/streaming";
import type { StreamOwnership } from "./ownership";
import { removeLeftoverLists } from "./playlists/playlist-input";
import { killIfOurs } from "./processes";
import { lastAlive, resumeAfterServerEnd } from "./resume-point";
import * as store from "./stream-store";

/**
 * What a previous server run left behind is not ours: its playlists' list files are removed, its preparations are marked interrupted and
 * their ffmpeg killed if it survived (those other nodes claimed are theirs, see MediaPreparer.leftRunning); its live streams are killed the same way and recorded stopped
 * with a note. Answers, recorded as new starting rows, the streams to start again: those whose
 * destination auto-restarts (also those a graceful shutdown marked to resume).
 */
export async function recoverLastRun(r: {
  db: Db;
  env: Pick<Env, "DATA_DIR">;
  now: () => number;
  preparations: MediaPreparer;
  /** Streams already in our hands (never touched). */
  ours: (streamId: number) => boolean;
  /** When nodes share the database: streams another node runs now are never touched either. */
  ownership?: StreamOwnership;
  log: (line: string) => void;
}): Promise<store.LaunchRows[]> {
  const lists = removeLeftoverLists(r.env.DATA_DIR);
  if (lists) r.log(`[supervisor] removed ${lists} playlist list file(s) a previous run left`);
  for (const prep of await r.preparations.leftRunning()) {
    if (prep.pid) await killIfOurs(prep.pid, "prepare");
    await r.preparations.markInterrupted(prep.mediaId);
  }
  const resume: store.LaunchRows[] = [];
  // Read before any stream of this run starts and touches it: when the previous run was last alive.
  const aliveAt = lastAlive(r.env.DATA_DIR);
  const elsewhere = (await r.ownership?.heldElsewhere()) ?? new Set<number>();
  for (const row of (await store.leftByLastRun(r.db)).filter((s) => !r.ours(s.id) && !elsewhere.has(s.id))) {
    if (isLive(row.status) && row.pid) await killIfOurs(row.pid, "stream");
    const now = r.now();
    await store.closeLeftover(r.db, row, now);
    const rows = await store.loadLaunch(r.db, row.id);
    if (typeof rows === "string" || !rows.destination.autorestart) continue;
    const { stream: _old, ...launch } = rows;
    const stream = await store.insertStarting(r.db, { ...launch, startedBy: row.startedBy, startedAt: now });
    const resumeSeconds = resumeAfterServerEnd(row, rows, aliveAt);
    r.log(`[stream ${row.id}] resumed as stream ${stream.id} at ${resumeSeconds.toFixed(1)} s into its play`);
    resume.push({ ...launch, stream, resumeSeconds });
  }
  return resume;
}
