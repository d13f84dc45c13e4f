import { trpc } from "@client/lib/trpc";
import { isLive } from "@shared/schemas/streaming";
import { useFailureNotices } from "./useFailureNotices";

const LIVE_POLL_MS = 2000;
const IDLE_POLL_MS = 15_000;

/**
 * Destinations and the stream list of one project. While anything is live both are polled every
 * 2 s so states and live figures move; otherwise slowly, to catch auto-restarts and other users.
 * A refused call (403) leaves the lists empty without a message (docs/screens.md#streaming).
 * A failure that ends a stream meanwhile raises a notice.
 */
export function useStreamingData(projectId: number) {
  const destinations = trpc.streaming.destinations.useQuery(
    { projectId },
    {
      refetchInterval: (q) =>
        (q.state.data ?? []).some((d) => isLive(d.stream_status)) ? LIVE_POLL_MS : IDLE_POLL_MS,
    },
  );
  const status = trpc.streaming.status.useQuery(
    { projectId },
    {
      refetchInterval: (q) => {
        const data = q.state.data;
        const busy =
          data?.streams.some((s) => isLive(s.status)) ||
          data?.preparations.some((p) => p.status === "pending" || p.status === "running");
        return busy ? LIVE_POLL_MS : IDLE_POLL_MS;
      },
    },
  );
  useFailureNotices(projectId, status.data?.streams);
  return {
    destinations: destinations.data,
    destinationsLoading: destinations.isLoading,
    streams: status.data?.streams ?? [],
    preparations: status.data?.preparations ?? [],
  };
}
