import { notify } from "@client/lib/notify";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { isLive } from "@shared/schemas/streaming";
import { useEffect, useRef } from "react";
import type { StreamRecord, StreamStatus } from "./types";

/** Long enough to be read by someone who looked away; the card keeps the details anyway. */
const FAILURE_NOTICE_MS = 10_000;

interface Snapshot {
  projectId: number;
  statuses: Map<number, StreamStatus>;
  newestId: number;
}

/**
 * Raises a notice when a failure ends a stream while the page is open: a run seen live that is now
 * in error, or a run newer than anything seen that failed between two polls. What had already
 * failed when the page opened is on the cards, not announced.
 */
export function useFailureNotices(projectId: number, streams: StreamRecord[] | undefined) {
  const last = useRef<Snapshot | null>(null);
  useEffect(() => {
    if (!streams) return;
    const before = last.current?.projectId === projectId ? last.current : null;
    last.current = {
      projectId,
      statuses: new Map(streams.map((s) => [s.id, s.status])),
      newestId: Math.max(0, before?.newestId ?? 0, ...streams.map((s) => s.id)),
    };
    if (!before) return;
    for (const s of streams) {
      if (s.status !== "error") continue;
      const was = before.statuses.get(s.id);
      const endedNow = was === undefined ? s.id > before.newestId : isLive(was);
      if (endedNow) {
        notify({
          type: "error",
          title: UI.failedTitle,
          message: UI.streamFailedMessage(s.destination_name),
          duration: FAILURE_NOTICE_MS,
        });
      }
    }
  }, [projectId, streams]);
}
