import { errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import type { Destination, StreamRecord } from "./types";

const fail = (title: string, message: string) => notify({ type: "error", title, message });

/**
 * The Streaming page's changes to its records (a destination's auto-restart, deleting a destination
 * or a stream record, clearing ended streams), each with its notices. A failure refreshes what it
 * touched, since the record may have changed under the screen.
 */
export function useRecordActions(refresh: () => Promise<unknown>) {
  const utils = trpc.useUtils();
  const updateM = trpc.streaming.updateDestination.useMutation();
  const deleteDestinationM = trpc.streaming.deleteDestination.useMutation();
  const deleteStreamM = trpc.streaming.deleteStream.useMutation();
  const clearM = trpc.dashboard.clearEndedStreams.useMutation();

  return {
    clearing: clearM.isPending,
    deletingStream: deleteStreamM.isPending,
    deletingDestination: deleteDestinationM.isPending,

    async setAutorestart(d: Destination, autorestart: boolean) {
      try {
        await updateM.mutateAsync({ id: d.id, autorestart });
        notify({
          type: "success",
          title: autorestart ? STREAMING.autorestartEnabled : STREAMING.autorestartDisabled,
        });
      } catch (err) {
        await utils.streaming.destinations.invalidate();
        fail(STREAMING.updateDestinationFailed, errorMessage(err, STREAMING.unexpectedError));
      }
    },

    async deleteDestination(d: Destination) {
      try {
        await deleteDestinationM.mutateAsync({ id: d.id });
        notify({ type: "success", title: UI.destinationDeletedTitle });
        return true;
      } catch (err) {
        await refresh();
        fail(UI.deleteDestinationFailed, errorMessage(err, STREAMING.unexpectedError));
        return false;
      }
    },

    async deleteStream(s: StreamRecord) {
      try {
        await deleteStreamM.mutateAsync({ id: s.id });
        notify({
          type: "success",
          title: STREAMING.streamDeletedTitle,
          message: STREAMING.streamDeletedMessage,
        });
        return true;
      } catch (err) {
        await utils.streaming.status.invalidate();
        fail(
          STREAMING.deleteFailed,
          errorStatus(err) === 403 ? STREAMING.forbiddenDelete : errorMessage(err, STREAMING.unexpectedError),
        );
        return false;
      }
    },

    /** The page clears its own project's records; the system-wide sweep is an API call only. */
    async clearEnded(projectId: number) {
      try {
        const result = await clearM.mutateAsync({ projectId });
        notify({
          type: "success",
          title: STREAMING.clearedTitle,
          message: STREAMING.clearedMessage(result.deletedCount),
        });
        return true;
      } catch {
        await utils.streaming.status.invalidate();
        notify({ type: "error", title: STREAMING.clearFailedTitle, message: STREAMING.clearFailedMessage });
        return false;
      }
    },
  };
}
