import type { Db } from "@server/platform/db/client";
import { destinations, schedules } from "@server/platform/db/schema";
import { asc, eq } from "drizzle-orm";

type Query = Pick<Db, "select">;

// A window names what it streams; deleting that would silently cancel a planned broadcast, so the
// delete is refused while a window uses it (the refusal names the destination).

function destinationUsing(db: Query, where: ReturnType<typeof eq>): string | null {
  return (
    db
      .select({ name: destinations.name })
      .from(schedules)
      .innerJoin(destinations, eq(destinations.id, schedules.destinationId))
      .where(where)
      .orderBy(asc(destinations.name))
      .get()?.name ?? null
  );
}

/** The name of a destination with a window that streams this media file, or null. */
export const destinationSchedulingMedia = (db: Query, mediaId: number) =>
  destinationUsing(db, eq(schedules.mediaId, mediaId));

/** The name of a destination with a window that streams this playlist, or null. */
export const destinationSchedulingPlaylist = (db: Query, playlistId: number) =>
  destinationUsing(db, eq(schedules.playlistId, playlistId));
