import type { Db } from "@server/platform/db/client";
import { streamUnreadable } from "@server/platform/db/schema";
import { and, desc, eq, gte } from "drizzle-orm";

/** A node's word that it cannot read a stream's media. */
export interface UnreadableMark {
  streamId: number;
  node: string;
  /** The media's name as the studio knows it. */
  file: string;
  at: number;
}

/** Records (or renews) that `node` cannot read the stream's media. */
export async function markUnreadable(db: Db, mark: UnreadableMark): Promise<void> {
  await db
    .insert(streamUnreadable)
    .values(mark)
    .onConflictDoUpdate({
      target: [streamUnreadable.streamId, streamUnreadable.node],
      set: { file: mark.file, at: mark.at },
    });
}

/** The nodes that said, at `since` or later, that they cannot read the stream's media; newest first. */
export async function unreadableSince(db: Db, streamId: number, since: number): Promise<UnreadableMark[]> {
  return db
    .select()
    .from(streamUnreadable)
    .where(and(eq(streamUnreadable.streamId, streamId), gte(streamUnreadable.at, since)))
    .orderBy(desc(streamUnreadable.at));
}

/** Forgets every node's word about the stream: its media changed, so each node may try it again. */
export async function clearUnreadable(db: Db, streamId: number): Promise<void> {
  await db.delete(streamUnreadable).where(eq(streamUnreadable.streamId, streamId));
}
