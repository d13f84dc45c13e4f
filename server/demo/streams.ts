import { and, eq } from "drizzle-orm";
import { STEAM_INGEST_URL } from "../../shared/messages/streaming";
import { destinations, mediaFiles, streams } from "../db/schema";
import type { AppDeps } from "../deps";

const HOUR = 60 * 60 * 1000;
const DEMO_DESTINATION = "Steam Store Page";

/**
 * A destination and a short stream history, so the Streaming page and the dashboard's activity have
 * something to show. Nothing is started: the demo has no real ingest to push to. Idempotent.
 */
export function ensureDemoStreaming(deps: AppDeps, projectId: number, userId: number): boolean {
  const existing = deps.db
    .select({ id: destinations.id })
    .from(destinations)
    .where(and(eq(destinations.projectId, projectId), eq(destinations.name, DEMO_DESTINATION)))
    .get();
  if (existing) return false;
  const media = deps.db.select().from(mediaFiles).where(eq(mediaFiles.projectId, projectId)).get();
  if (!media) return false;
  const now = deps.now();
  deps.db.transaction((tx) => {
    const steam = tx
      .insert(destinations)
      .values({
        projectId,
        name: DEMO_DESTINATION,
        type: "steam",
        rtmpUrl: STEAM_INGEST_URL,
        streamKey: "demo-key-not-real",
        autorestart: false,
        createdBy: userId,
        createdAt: now - 72 * HOUR,
      })
      .returning({ id: destinations.id })
      .get();
    const history = [
      { startedAt: now - 70 * HOUR, stoppedAt: now - 22 * HOUR, status: "stopped" as const, errors: 1 },
      { startedAt: now - 20 * HOUR, stoppedAt: now - 19.5 * HOUR, status: "error" as const, errors: 3 },
      { startedAt: now - 6 * HOUR, stoppedAt: now - 1 * HOUR, status: "stopped" as const, errors: 0 },
    ];
    for (const h of history) {
      tx.insert(streams)
        .values({
          projectId,
          destinationId: steam.id,
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
        .run();
    }
  });
  return true;
}
