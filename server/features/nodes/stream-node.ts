import type { Db } from "@server/platform/db/client";
import { recordStreamNode } from "./node-store";

/**
 * Writes the node's name on a stream's row when its run goes on air. Told by the supervisor like
 * every run listener; it only records, so a failed write changes nothing for the stream. Shaped as
 * streaming's run listener without importing it: the composition root builds this beside the
 * supervisor, and streaming reaches that root for its types.
 */
export function streamNodeRecorder(db: Db, name: string, log?: (line: string) => void) {
  return {
    // Told synchronously: the write goes on in the background, a failure only logged.
    running: (streamId: number) => {
      recordStreamNode(db, streamId, name).catch((err) =>
        log?.(`[stream ${streamId}] its node was not recorded: ${(err as Error).message}`),
      );
    },
    runEnded: () => {},
    streamEnded: () => {},
  };
}
