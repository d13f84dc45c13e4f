import type { AppDeps } from "@server/deps";
import { streamUnreadable } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { UNREADABLE_RETRY_MS } from "@shared/schemas/nodes";
import type { DestinationView } from "@shared/schemas/streaming";
import { desc, inArray } from "drizzle-orm";
import type { StreamRow } from "./stream-store";

type Unreadable = NonNullable<DestinationView["stream_unreadable"]>;

/**
 * What each card says of media a node could not read (nodes on PostgreSQL only; the caller asks only
 * there): for a live stream, while it waits for another node (no lease, or not on air yet) and a node's
 * word is recent; for the newest stream, once it failed because no node could read its file.
 */
export async function unreadableOnCards(
  deps: Pick<AppDeps, "db" | "now">,
  cards: { live: StreamRow | undefined; latest: StreamRow | undefined; moving: boolean }[],
): Promise<(Unreadable | null)[]> {
  const ids = cards.flatMap((c) => [c.live?.id, c.latest?.id]).filter((id) => id !== undefined);
  if (ids.length === 0) return cards.map(() => null);
  const marks = await deps.db
    .select()
    .from(streamUnreadable)
    .where(inArray(streamUnreadable.streamId, ids))
    .orderBy(desc(streamUnreadable.at));
  const since = deps.now() - UNREADABLE_RETRY_MS;
  const said = (streamId: number, failed: boolean): Unreadable | null => {
    const of = marks.filter((m) => m.streamId === streamId && (failed || m.at >= since));
    return of.length ? { file: of[0]!.file, nodes: of.map((m) => m.node), failed } : null;
  };
  return cards.map(({ live, latest, moving }) => {
    if (live) return moving || live.status === "starting" ? said(live.id, false) : null;
    const failedHere = latest?.status === "error" && latest.lastErrorMessage === STREAMING.mediaFileMissing;
    return failedHere ? said(latest.id, true) : null;
  });
}
