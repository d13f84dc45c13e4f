import type { AppDeps } from "@server/deps";
import { destinations, mediaFiles, playlistItems, playlists, schedules } from "@server/platform/db/schema";
import { and, eq, inArray } from "drizzle-orm";
import { DEMO_TEASER, DEMO_TRAILER } from "./video";

const HOUR = 3_600_000;
const PLAYLIST = "Next Fest Loop";

/**
 * A playlist of the teaser then the trailer, and a week-long broadcast window for it on the Steam
 * destination, starting two days after the demo was seeded (on the hour). When the window comes the
 * demo's stream fails, since its key is not real and the demo has no internet: that is the failure
 * path to look at. Idempotent.
 */
export async function ensureDemoPlaylistWindow(
  deps: AppDeps,
  projectId: number,
  userId: number,
): Promise<boolean> {
  const [found] = await deps.db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.projectId, projectId), eq(playlists.name, PLAYLIST)))
    .limit(1);
  if (found) return false;
  const clips = await deps.db
    .select({ id: mediaFiles.id, name: mediaFiles.originalName })
    .from(mediaFiles)
    .where(
      and(
        eq(mediaFiles.projectId, projectId),
        inArray(mediaFiles.originalName, [DEMO_TEASER.name, DEMO_TRAILER.name]),
      ),
    )
    .orderBy(mediaFiles.id);
  const order = [DEMO_TEASER.name, DEMO_TRAILER.name].map((n) => clips.find((c) => c.name === n));
  const [destination] = await deps.db
    .select({ id: destinations.id })
    .from(destinations)
    .where(eq(destinations.projectId, projectId))
    .orderBy(destinations.id)
    .limit(1);
  if (order.some((c) => !c) || !destination) return false;
  const startsAt = Math.ceil((deps.now() + 48 * HOUR) / HOUR) * HOUR;
  await deps.db.transaction(async (tx) => {
    const [list] = await tx
      .insert(playlists)
      .values({ projectId, name: PLAYLIST, createdBy: userId })
      .returning();
    for (const [position, clip] of order.entries()) {
      await tx.insert(playlistItems).values({ playlistId: list!.id, position, mediaId: clip!.id });
    }
    await tx.insert(schedules).values({
      destinationId: destination.id,
      projectId,
      kind: "once",
      startsAt,
      endsAt: startsAt + 7 * 24 * HOUR,
      playlistId: list!.id,
      createdBy: userId,
    });
  });
  return true;
}
