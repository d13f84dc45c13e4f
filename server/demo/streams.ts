import type { AppDeps } from "@server/deps";
import { destinations, mediaFiles, streams } from "@server/platform/db/schema";
import { STEAM_INGEST_URL } from "@shared/messages/streaming";
import { and, eq } from "drizzle-orm";
import { type DemoRun, recordDemoHealth } from "./health";

const HOUR = 60 * 60 * 1000;
const DEMO_DESTINATION = "Steam Store Page";

/**
 * A destination and a week of stream history with its health samples and uptime record, so the
 * Streaming page and the dashboard have something to show. Nothing is started: the demo has no real
 * ingest to push to. Idempotent.
 */
export async function ensureDemoStreaming(
  deps: AppDeps,
  projectId: number,
  userId: number,
): Promise<boolean> {
  const [existing] = await deps.db
    .select({ id: destinations.id })
    .from(destinations)
    .where(and(eq(destinations.projectId, projectId), eq(destinations.name, DEMO_DESTINATION)))
    .limit(1);
  if (existing) return false;
  const [media] = await deps.db
    .select()
    .from(mediaFiles)
    .where(eq(mediaFiles.projectId, projectId))
    .orderBy(mediaFiles.id)
    .limit(1);
  if (!media) return false;
  const now = deps.now();
  const runs: DemoRun[] = [];
  const destinationId = await deps.db.transaction(async (tx) => {
    const [steam] = await tx
      .insert(destinations)
      .values({
        projectId,
        name: DEMO_DESTINATION,
        type: "steam",
        rtmpUrl: STEAM_INGEST_URL,
        streamKey: "demo-key-not-real",
        autorestart: false,
        createdBy: userId,
        createdAt: now - 168 * HOUR,
      })
      .returning({ id: destinations.id });
    // A week on air: a first run with one 4-minute outage, a start that failed for good until someone
    // started again 90 minutes later, and a clean run until an hour ago.
    const history = [
      { startedAt: now - 166 * HOUR, stoppedAt: now - 100 * HOUR, status: "stopped" as const, errors: 1 },
      { startedAt: now - 98 * HOUR, stoppedAt: now - 97.9 * HOUR, status: "error" as const, errors: 3 },
      { startedAt: now - 96.5 * HOUR, stoppedAt: now - 1 * HOUR, status: "stopped" as const, errors: 0 },
    ];
    for (const h of history) {
      const [row] = await tx
        .insert(streams)
        .values({
          projectId,
          destinationId: steam!.id,
          mediaId: media.id,
          mediaName: media.originalName,
          mediaSize: media.fileSize,
          destinationName: DEMO_DESTINATION,
          destinationType: "steam",
          status: h.status,
          errorCount: h.errors,
          lastErrorMessage: h.errors
            ? "Connection to tcp://ingest-rtmp.broadcast.steamcontent.com:1935 failed"
            : null,
          lastErrorTime: h.errors ? h.stoppedAt : null,
          startedBy: userId,
          startedAt: h.startedAt,
          stoppedAt: h.stoppedAt,
        })
        .returning({ id: streams.id });
      runs.push({
        streamId: row!.id,
        ...h,
        intendedUntil: h.status === "error" ? now - 96.5 * HOUR : h.stoppedAt,
      });
    }
    return steam!.id;
  });
  // Some 50,000 samples: one transaction, or each would be its own write to disk.
  await deps.db.transaction((tx) => recordDemoHealth(tx, destinationId, runs, now));
  return true;
}
