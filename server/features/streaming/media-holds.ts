import type { Db } from "@server/platform/db/client";
import { playlistItems, playlists, streams } from "@server/platform/db/schema";
import { MEDIA } from "@shared/messages/media";
import { PLAYLISTS } from "@shared/messages/playlists";
import { and, asc, eq } from "drizzle-orm";
import { liveStatusFilter } from "./stream-store";

type Query = Pick<Db, "select">;

/** A live stream holds its media file open: deleting it would cut the broadcast. */
export async function liveStreamHoldsMedia(db: Query, mediaId: number): Promise<string | null> {
  const [live] = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.mediaId, mediaId), liveStatusFilter()))
    .limit(1);
  return live ? MEDIA.inUse : null;
}

/** A playlist that holds the media file keeps it (the refusal names the playlist). */
export async function playlistHoldsMedia(db: Query, mediaId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: playlists.name })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .where(eq(playlistItems.mediaId, mediaId))
    .orderBy(asc(playlists.name))
    .limit(1);
  const name = row?.name ?? null;
  return name === null ? null : PLAYLISTS.mediaInPlaylist(name);
}
