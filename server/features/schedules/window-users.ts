import type { Db } from "@server/platform/db/client";
import { destinations, schedules } from "@server/platform/db/schema";
import { SCHEDULES } from "@shared/messages/schedules";
import { asc, eq } from "drizzle-orm";

type Query = Pick<Db, "select">;

// A window names what it streams; deleting that would silently cancel a planned broadcast, so the
// delete is refused while a window uses it (the refusal names the destination).

async function destinationUsing(db: Query, where: ReturnType<typeof eq>): Promise<string | null> {
  const [row] = await db
    .select({ name: destinations.name })
    .from(schedules)
    .innerJoin(destinations, eq(destinations.id, schedules.destinationId))
    .where(where)
    .orderBy(asc(destinations.name))
    .limit(1);
  return row?.name ?? null;
}

const refusal = (name: string | null, text: (name: string) => string) => (name === null ? null : text(name));

/** The refusal to delete a media file that a window streams (naming its destination), or null. */
export const scheduleHoldsMedia = async (db: Query, mediaId: number) =>
  refusal(await destinationUsing(db, eq(schedules.mediaId, mediaId)), SCHEDULES.mediaScheduled);

/** The refusal to delete a playlist that a window streams (naming its destination), or null. */
export const scheduleHoldsPlaylist = async (db: Query, playlistId: number) =>
  refusal(await destinationUsing(db, eq(schedules.playlistId, playlistId)), SCHEDULES.playlistScheduled);
