import type { RunListener } from "@server/features/streaming";
import type { Db } from "@server/platform/db/client";
import { recordStreamNode } from "./node-store";

/**
 * Writes the node's name on a stream's row when its run goes on air. Told by the supervisor like
 * every run listener; it only records, so a failed write changes nothing for the stream.
 */
export function streamNodeRecorder(db: Db, name: string): RunListener {
  return {
    running: (streamId) => recordStreamNode(db, streamId, name),
    runEnded: () => {},
    streamEnded: () => {},
  };
}
