import { Heading, Stack } from "@chakra-ui/react";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { trpc } from "@client/lib/trpc";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import type { StreamSourceInput } from "@shared/schemas/streaming";
import { useState } from "react";
import { DestinationList } from "./DestinationList";
import { EditDestinationDialog } from "./EditDestinationDialog";
import { PreparationsPanel } from "./PreparationsPanel";
import { SelectMediaDialog } from "./SelectMediaDialog";
import { StreamHistory } from "./StreamHistory";
import { StreamLimitDialog } from "./StreamLimitDialog";
import type { Destination, StreamRecord } from "./types";
import { useStreamActions } from "./useStreamActions";
import { useStreamingData } from "./useStreamingData";

/** The Streaming page's body for one project: destinations, their controls, dialogs and history. */
export function StreamingWorkspace({
  projectId,
  projectName,
  isAdmin,
  onAddDestination,
}: {
  projectId: number;
  projectName: string;
  isAdmin: boolean;
  onAddDestination(): void;
}) {
  const data = useStreamingData(projectId);
  const actions = useStreamActions();
  const [mediaFor, setMediaFor] = useState<{ destination: Destination; changing: boolean } | null>(null);
  const [streamToDelete, setStreamToDelete] = useState<StreamRecord | null>(null);
  const [destinationToDelete, setDestinationToDelete] = useState<Destination | null>(null);
  const [destinationToStop, setDestinationToStop] = useState<Destination | null>(null);
  const [destinationToEdit, setDestinationToEdit] = useState<Destination | null>(null);
  const [clearing, setClearing] = useState(false);
  const media = trpc.media.list.useQuery({ projectId }, { enabled: mediaFor !== null });
  const playlists = trpc.playlists.list.useQuery({ projectId });

  const pick = (source: StreamSourceInput) => {
    if (!mediaFor) return;
    const { destination, changing } = mediaFor;
    setMediaFor(null);
    void (changing ? actions.change(destination, source) : actions.start(destination, source));
  };

  return (
    <Stack gap="8">
      <Stack gap="4">
        <Heading size="md">{UI.destinationsTitle}</Heading>
        <PreparationsPanel preparations={data.preparations} />
        <DestinationList
          destinations={data.destinations}
          loading={data.destinationsLoading}
          streams={data.streams}
          playlists={playlists.data}
          busyDestination={actions.busyDestination}
          databaseAway={data.databaseAway}
          onAdd={onAddDestination}
          onStart={(d) => setMediaFor({ destination: d, changing: false })}
          onChange={(d) => setMediaFor({ destination: d, changing: true })}
          onStop={setDestinationToStop}
          onAutorestart={(d, enabled) => void actions.setAutorestart(d, enabled)}
          onDelete={setDestinationToDelete}
          onEdit={setDestinationToEdit}
        />
      </Stack>

      <StreamHistory
        streams={data.streams}
        isAdmin={isAdmin}
        onDelete={setStreamToDelete}
        onClearEnded={() => setClearing(true)}
      />

      <SelectMediaDialog
        open={mediaFor !== null}
        projectId={projectId}
        destinationName={mediaFor?.destination.name ?? ""}
        destinationType={mediaFor?.destination.type ?? "steam"}
        changing={mediaFor?.changing ?? false}
        currentMediaId={mediaFor?.destination.streaming_media_id ?? null}
        media={media.data}
        loading={media.isLoading}
        busy={actions.busyDestination !== null}
        onClose={() => setMediaFor(null)}
        playlists={playlists.data}
        currentPlaylistId={
          data.streams.find((s) => s.id === mediaFor?.destination.active_stream_id)?.playlist_id
        }
        onPick={(m) => pick({ mediaId: m.id })}
        onPickPlaylist={(p) => pick({ playlistId: p.id })}
      />

      <EditDestinationDialog destination={destinationToEdit} onClose={() => setDestinationToEdit(null)} />

      <StreamLimitDialog limit={actions.limit} onClose={actions.closeLimit} />

      <ConfirmDialog
        open={streamToDelete !== null}
        title={STREAMING.deleteRecordTitle}
        message={STREAMING.deleteRecordQuestion(streamToDelete?.media_name ?? "")}
        note={STREAMING.cannotBeUndone}
        confirmLabel={UI.delete}
        busy={actions.deletingStream}
        onClose={() => setStreamToDelete(null)}
        onConfirm={async () => {
          if (streamToDelete && (await actions.deleteStream(streamToDelete))) setStreamToDelete(null);
        }}
      />

      <ConfirmDialog
        open={clearing}
        title={STREAMING.clearAllEnded}
        message={STREAMING.clearEndedQuestion}
        note={UI.clearEndedScope(projectName)}
        confirmLabel={STREAMING.clearAllEnded}
        busy={actions.clearing}
        onClose={() => setClearing(false)}
        onConfirm={async () => {
          await actions.clearEnded(projectId);
          setClearing(false);
        }}
      />

      <ConfirmDialog
        open={destinationToStop !== null}
        title={UI.stopTitle}
        message={UI.stopQuestion(destinationToStop?.name ?? "")}
        note={UI.stopNote}
        confirmLabel={UI.stop}
        onClose={() => setDestinationToStop(null)}
        onConfirm={() => {
          if (destinationToStop) void actions.stop(destinationToStop);
          setDestinationToStop(null);
        }}
      />

      <ConfirmDialog
        open={destinationToDelete !== null}
        title={UI.deleteDestinationTitle}
        message={UI.deleteDestinationQuestion(destinationToDelete?.name ?? "")}
        confirmLabel={UI.delete}
        busy={actions.deletingDestination}
        onClose={() => setDestinationToDelete(null)}
        onConfirm={async () => {
          if (destinationToDelete && (await actions.deleteDestination(destinationToDelete))) {
            setDestinationToDelete(null);
          }
        }}
      />
    </Stack>
  );
}
