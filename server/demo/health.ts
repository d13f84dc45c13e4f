import { compact, insertSample, SAMPLE_EVERY_MS } from "@server/features/health/sample-store";
import { closeIntent, endRun, openIntent, startRun } from "@server/features/streaming/uptime-store";
import type { Db } from "@server/platform/db/client";

export interface DemoRun {
  streamId: number;
  startedAt: number;
  stoppedAt: number;
  /** Until when the destination was meant to be live (past the stop for a stream that failed for good). */
  intendedUntil: number;
  status: "stopped" | "error";
  errors: number;
}

const OUTAGE_MS = 4 * 60_000;

/**
 * The uptime record and health samples of the demo's stream history, written through the same
 * stores the console uses, then folded as the sampler folds them: raw for the last day, 5-minute
 * rows before.
 */
export async function recordDemoHealth(
  db: Db,
  destinationId: number,
  runs: DemoRun[],
  now: number,
): Promise<void> {
  for (const run of runs) {
    await openIntent(db, destinationId, "user", run.startedAt);
    // A run with errors but no final failure lost its ingest once, midway, and came back.
    const outageAt = run.status === "stopped" && run.errors > 0 ? (run.startedAt + run.stoppedAt) / 2 : null;
    await startRun(db, run.streamId, run.startedAt);
    if (outageAt !== null) {
      await endRun(db, run.streamId, outageAt, { failed: true });
      await startRun(db, run.streamId, outageAt + OUTAGE_MS);
    }
    await endRun(db, run.streamId, run.stoppedAt, { failed: run.status === "error" });
    await closeIntent(db, destinationId, run.intendedUntil);
    for (let at = run.startedAt; at < run.stoppedAt; at += SAMPLE_EVERY_MS) {
      if (outageAt !== null && at >= outageAt && at < outageAt + OUTAGE_MS) continue;
      const wobble = Math.sin(at / 600_000) * 180;
      const stutter = outageAt !== null && Math.abs(at - outageAt) < 60_000;
      await insertSample(db, run.streamId, at, {
        bitrateKbps: Math.round(stutter ? 1900 : 5900 + wobble),
        fps: stutter ? 22 : 30,
        speed: stutter ? 0.8 : 1,
        dropped: stutter ? 9 : 0,
        dup: 0,
      });
    }
  }
  await compact(db, now);
}
