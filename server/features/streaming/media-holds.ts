import type { Db } from "@server/platform/db/client";
import { playlistItems, playlists, streams } from "@server/platform/db/schema";
import { MEDIA } from "@shared/messages/media";
import { PLAYLISTS } from "@shared/messages/playlists";
import { and, asc, eq } from "drizzle-orm";
import { liveStatusFilter } from "./stream-store";

type Query = Pick<Db, "select">;

/** A live stream holds its media file open: deleting it would cut the broadcast. */
export function liveStreamHoldsMedia(db: Query, mediaId: number): string | null {
  const live = db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.mediaId, mediaId), liveStatusFilter()))
    .get();
  return live ? MEDIA.inUse : null;
}

/** A playlist that holds the media file keeps it (the refusal names the playlist). */
export function playlistHoldsMedia(db: Query, mediaId: number): string | null {
  const name =
    db
      .select({ name: playlists.name })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(eq(playlistItems.mediaId, mediaId))
      .orderBy(asc(playlists.name))
      .get()?.name ?? null;
  return name === null ? null : PLAYLISTS.mediaInPlaylist(name);
}
