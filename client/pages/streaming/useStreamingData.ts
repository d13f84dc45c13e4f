import { errorStatus } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { isLive } from "@shared/schemas/streaming";
import { useRef } from "react";
import { useFailureNotices } from "./useFailureNotices";

/** Right around a window's bound and while a stream comes up: its change shows within a second. */
const BOUND_POLL_MS = 1000;
const LIVE_POLL_MS = 2000;
const IDLE_POLL_MS = 15_000;
/** A window's start or end this close (either side, against the browser's clock) makes the page poll fast. */
const DUE_SOON_MS = IDLE_POLL_MS + 5000;
const DUE_LATE_MS = 60_000;
/** From this long before a bound to this long after it, the page polls every BOUND_POLL_MS. */
const AT_BOUND_BEFORE_MS = 3000;
const AT_BOUND_AFTER_MS = 10_000;

type NextSchedule = { at: number } | null | undefined;

/** Some destination's window starts or ends soon (or was due a moment ago): its change must show at once. */
export const windowDueSoon = (next: NextSchedule[], now = Date.now()) =>
  next.some((n) => !!n && n.at - now < DUE_SOON_MS && now - n.at < DUE_LATE_MS);

/** Some destination's window bound is a few seconds away or has just passed. */
export const windowAtBound = (next: NextSchedule[], now = Date.now()) =>
  next.some((n) => !!n && n.at - now < AT_BOUND_BEFORE_MS && now - n.at < AT_BOUND_AFTER_MS);

interface PolledDestination {
  stream_status: string | null;
  next_schedule: NextSchedule;
  last_failure: { ended: boolean } | null;
}

/**
 * How often the destinations are asked for: every second around a window's bound and while a stream
 * is coming up for the first time (so Idle → Starting → Live each shows within a second of the
 * server), every 2 s while anything is live or a bound is near, else every 15 s. A stream retrying
 * after failures also reads "starting", but may wait a minute: it is polled as live, not per second.
 */
export function destinationsPollMs(
  list: PolledDestination[],
  now = Date.now(),
  /** Bounds named by earlier answers (see rememberBounds). */
  earlier: number[] = [],
): number {
  const next = [...list.map((d) => d.next_schedule), ...earlier.map((at) => ({ at }))];
  const comingUp = list.some(
    (d) => d.stream_status === "starting" && !(d.last_failure && !d.last_failure.ended),
  );
  if (comingUp || windowAtBound(next, now)) return BOUND_POLL_MS;
  if (list.some((d) => isLive(d.stream_status)) || windowDueSoon(next, now)) return LIVE_POLL_MS;
  return IDLE_POLL_MS;
}

/**
 * Adds the bounds the answer names to those seen before, dropping any passed over a minute ago. Once a
 * window's start has passed, the server names its end as the next bound, often before the scheduler
 * has started its stream: the start must still count as just passed, or the page would slow down
 * right when the stream is about to appear.
 */
export function rememberBounds(seen: number[], list: PolledDestination[], now = Date.now()): number[] {
  const named = list.flatMap((d) => (d.next_schedule ? [d.next_schedule.at] : []));
  return [...new Set([...seen, ...named])].filter((at) => now - at < DUE_LATE_MS);
}

/**
 * Destinations and the stream list of one project, polled as destinationsPollMs says; the stream list
 * follows the destinations' pace, and polls every 2 s on its own while anything is live or preparing.
 * A refused call (403) leaves the lists empty without a message (docs/screens.md#streaming).
 * A failure that ends a stream meanwhile raises a notice. While the server answers 503 (its database
 * is out of reach) the last answer stays on screen and `databaseAway` says so.
 */
export function useStreamingData(projectId: number) {
  const bounds = useRef<number[]>([]);
  const pollMs = (list: PolledDestination[]) => {
    const now = Date.now();
    bounds.current = rememberBounds(bounds.current, list, now);
    return destinationsPollMs(list, now, bounds.current);
  };
  const destinations = trpc.streaming.destinations.useQuery(
    { projectId },
    { refetchInterval: (q) => pollMs(q.state.data ?? []) },
  );
  const utils = trpc.useUtils();
  const status = trpc.streaming.status.useQuery(
    { projectId },
    {
      refetchInterval: (q) => {
        const data = q.state.data;
        const busy =
          data?.streams.some((s) => isLive(s.status)) ||
          data?.preparations.some((p) => p.status === "pending" || p.status === "running");
        // The destinations as cached at this moment, not as of the last render.
        const pace = pollMs(utils.streaming.destinations.getData({ projectId }) ?? []);
        return Math.min(pace, busy ? LIVE_POLL_MS : IDLE_POLL_MS);
      },
    },
  );
  useFailureNotices(projectId, status.data?.streams);
  return {
    destinations: destinations.data,
    destinationsLoading: destinations.isLoading,
    streams: status.data?.streams ?? [],
    preparations: status.data?.preparations ?? [],
    databaseAway: errorStatus(destinations.error) === 503 || errorStatus(status.error) === 503,
  };
}
