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
export async function playlistMedia(db: Pick<Db, "select">, playlistId: number): Promise<PlaylistMediaRow[]> {
  const rows = await db
    .select({ media: mediaFiles })
    .from(playlistItems)
    .innerJoin(mediaFiles, eq(mediaFiles.id, playlistItems.mediaId))
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position));
  return rows.map((r) => r.media);
}

/** The playlist with its items, or null when it is gone. */
export async function loadPlaylist(db: Pick<Db, "select">, playlistId: number): Promise<PlaylistRows | null> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
  return row ? { id: row.id, name: row.name, items: await playlistMedia(db, row.id) } : null;
}
