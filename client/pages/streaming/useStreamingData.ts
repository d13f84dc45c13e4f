import { trpc } from "@client/lib/trpc";
import { isLive } from "@shared/schemas/streaming";
import { useFailureNotices } from "./useFailureNotices";

const LIVE_POLL_MS = 2000;
const IDLE_POLL_MS = 15_000;
/** A window's start or end this close (either side, against the browser's clock) makes the page poll fast. */
const DUE_SOON_MS = IDLE_POLL_MS + 5000;
const DUE_LATE_MS = 60_000;

type NextSchedule = { at: number } | null | undefined;

/** Some destination's window starts or ends soon (or was due a moment ago): its change must show at once. */
export const windowDueSoon = (next: NextSchedule[], now = Date.now()) =>
  next.some((n) => !!n && n.at - now < DUE_SOON_MS && now - n.at < DUE_LATE_MS);

/**
 * Destinations and the stream list of one project. While anything is live both are polled every
 * 2 s so states and live figures move, and so they are while a broadcast window is about to start or
 * end (its start then shows within one fast poll); otherwise slowly, to catch other users.
 * A refused call (403) leaves the lists empty without a message (docs/screens.md#streaming).
 * A failure that ends a stream meanwhile raises a notice.
 */
export function useStreamingData(projectId: number) {
  const destinations = trpc.streaming.destinations.useQuery(
    { projectId },
    {
      refetchInterval: (q) => {
        const list = q.state.data ?? [];
        const fast =
          list.some((d) => isLive(d.stream_status)) || windowDueSoon(list.map((d) => d.next_schedule));
        return fast ? LIVE_POLL_MS : IDLE_POLL_MS;
      },
    },
  );
  const dueSoon = windowDueSoon((destinations.data ?? []).map((d) => d.next_schedule));
  const status = trpc.streaming.status.useQuery(
    { projectId },
    {
      refetchInterval: (q) => {
        const data = q.state.data;
        const busy =
          dueSoon ||
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
