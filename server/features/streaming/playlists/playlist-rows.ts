import type { Db } from "@server/platform/db/client";
import { mediaFiles, playlistItems, playlists } from "@server/platform/db/schema";
import { asc, eq } from "drizzle-orm";

export type PlaylistMediaRow = typeof mediaFiles.$inferSelect;

/** A playlist as a stream plays it: its name and its videos in playing order. */
export interface PlaylistRows {
  id: number;
  name: string;
  items: PlaylistMediaRow[];
}

/** A playlist's videos in playing order. */
export function playlistMedia(db: Pick<Db, "select">, playlistId: number): PlaylistMediaRow[] {
  return db
    .select({ media: mediaFiles })
    .from(playlistItems)
    .innerJoin(mediaFiles, eq(mediaFiles.id, playlistItems.mediaId))
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position))
    .all()
    .map((r) => r.media);
}

/** The playlist with its items, or null when it is gone. */
export function loadPlaylist(db: Db, playlistId: number): PlaylistRows | null {
  const row = db.select().from(playlists).where(eq(playlists.id, playlistId)).get();
  return row ? { id: row.id, name: row.name, items: playlistMedia(db, row.id) } : null;
}
