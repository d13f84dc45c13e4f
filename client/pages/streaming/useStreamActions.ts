import { errorDetails, errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { MEDIA_SWITCH_PAUSE_MS } from "@shared/limits";
import { STREAMING } from "@shared/messages/streaming";
import type { StreamSourceInput } from "@shared/schemas/streaming";
import { useState } from "react";
import type { StreamLimit } from "./StreamLimitDialog";
import type { Destination } from "./types";
import { useRecordActions } from "./useRecordActions";

const fail = (title: string, message: string) => notify({ type: "error", title, message });

/** What the Stream Limit Reached dialog shows, from a start refused with 429. */
function limitOf(err: unknown): StreamLimit {
  const details = errorDetails<{ currentStreams?: number; maxStreams?: number | null }>(err);
  return {
    message: errorMessage(err, STREAMING.limitReached),
    currentStreams: details?.currentStreams ?? 0,
    maxStreams: details?.maxStreams ?? null,
  };
}

/**
 * Every stream mutation of the Streaming page with its notices and its own text for a refusal (403)
 * (docs/screens.md#streaming). Starting or stopping refreshes both the destinations and the stream list.
 */
export function useStreamActions() {
  const utils = trpc.useUtils();
  const [limit, setLimit] = useState<StreamLimit | null>(null);
  const [busyDestination, setBusyDestination] = useState<number | null>(null);
  const startM = trpc.streaming.start.useMutation();
  const stopM = trpc.streaming.stop.useMutation();

  // A success refreshes every screen through the mutation cache (client/app/query-client.ts); a
  // failure may mean the stream moved on under us (ended, started elsewhere), so it refreshes here.
  const refresh = () =>
    Promise.all([utils.streaming.destinations.invalidate(), utils.streaming.status.invalidate()]);
  const records = useRecordActions(refresh);

  async function start(destinationId: number, source: StreamSourceInput): Promise<boolean> {
    try {
      await startM.mutateAsync({ destinationId, ...source });
      notify({
        type: "success",
        title: STREAMING.streamStartedTitle,
        message: STREAMING.streamStartedMessage,
      });
      return true;
    } catch (err) {
      const status = errorStatus(err);
      await refresh();
      if (status === 429) {
        setLimit(limitOf(err));
      } else {
        fail(
          STREAMING.startFailed,
          status === 403 ? STREAMING.forbiddenStart : errorMessage(err, STREAMING.unexpectedError),
        );
      }
      return false;
    }
  }

  async function stop(streamId: number): Promise<boolean> {
    try {
      await stopM.mutateAsync({ streamId });
      notify({
        type: "success",
        title: STREAMING.streamStoppedTitle,
        message: STREAMING.streamStoppedMessage,
      });
      return true;
    } catch (err) {
      await refresh();
      fail(
        STREAMING.stopFailed,
        errorStatus(err) === 403 ? STREAMING.forbiddenStop : errorMessage(err, STREAMING.unexpectedError),
      );
      return false;
    }
  }

  async function withBusy<T>(destinationId: number, work: () => Promise<T>): Promise<T> {
    setBusyDestination(destinationId);
    try {
      return await work();
    } finally {
      setBusyDestination(null);
    }
  }

  return {
    limit,
    closeLimit: () => setLimit(null),
    busyDestination,

    start: (d: Destination, source: StreamSourceInput) => withBusy(d.id, () => start(d.id, source)),

    stop: (d: Destination) =>
      withBusy(d.id, async () => (d.active_stream_id === null ? false : stop(d.active_stream_id))),

    /** Change: stop the current stream, wait 1 second, then start with the new media. */
    change: (d: Destination, source: StreamSourceInput) =>
      withBusy(d.id, async () => {
        if (d.active_stream_id !== null && !(await stop(d.active_stream_id))) return false;
        await new Promise((r) => setTimeout(r, MEDIA_SWITCH_PAUSE_MS));
        return start(d.id, source);
      }),
    ...records,
  };
}
