import { type DeliveryRow, enqueueEvent } from "@server/features/webhooks";
import type { Db } from "@server/platform/db/client";
import { streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";

export interface StreamMove {
  streamId: number;
  /** The node that ran the stream before, when one is known. */
  from: string | null;
  /** The node that has just taken it over. */
  to: string;
}

/**
 * Queues `stream.moved` for the webhooks of the stream's project that list it, when a node has taken
 * over a stream another node ran (or none did). Answers the deliveries queued; a stream that no
 * longer exists queues nothing.
 */
export async function announceStreamMoved(
  deps: { db: Db; now: () => number },
  move: StreamMove,
): Promise<DeliveryRow[]> {
  const [stream] = await deps.db
    .select({
      projectId: streams.projectId,
      destinationId: streams.destinationId,
      destinationName: streams.destinationName,
      mediaName: streams.mediaName,
    })
    .from(streams)
    .where(eq(streams.id, move.streamId))
    .limit(1);
  if (!stream) return [];
  return enqueueEvent(deps.db, {
    type: "stream.moved",
    projectId: stream.projectId,
    at: deps.now(),
    streamId: move.streamId,
    destinationId: stream.destinationId ?? undefined,
    destinationName: stream.destinationName,
    mediaName: stream.mediaName,
    fromNode: move.from,
    toNode: move.to,
  });
}
