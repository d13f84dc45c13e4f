import type { Db } from "@server/platform/db/client";

/**
 * Something that keeps a media file from being deleted (a live stream, a playlist, a broadcast
 * window): the refusal to answer, or null when it does not hold the file. Asked within the delete's
 * transaction. The features that hold media are built on media, so the composition root passes
 * these in.
 */
export type MediaHold = (db: Pick<Db, "select">, mediaId: number) => Promise<string | null>;
