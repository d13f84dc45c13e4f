import { Button, EmptyState, SimpleGrid, Skeleton, VStack } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import type { PlaylistView } from "@shared/schemas/playlists";
import { DestinationCard } from "./DestinationCard";
import type { Destination, StreamRecord } from "./types";

export interface DestinationListProps {
  destinations: Destination[] | undefined;
  loading: boolean;
  streams: StreamRecord[];
  /** The project's playlists, to say which item of a playlist on air plays now. */
  playlists?: PlaylistView[];
  busyDestination: number | null;
  /** The server cannot reach its database: live cards say their stream may stop for a while. */
  databaseAway?: boolean;
  onAdd(): void;
  onStart(d: Destination): void;
  onStop(d: Destination): void;
  onChange(d: Destination): void;
  onAutorestart(d: Destination, enabled: boolean): void;
  onDelete(d: Destination): void;
  onEdit?(d: Destination): void;
}

export function DestinationList(props: DestinationListProps) {
  const { allowed } = usePermissions();
  if (props.loading) {
    return (
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Skeleton h="180px" borderRadius="lg" />
        <Skeleton h="180px" borderRadius="lg" />
      </SimpleGrid>
    );
  }
  const list = props.destinations ?? [];
  if (list.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="lg" bg="bg.panel">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{UI.noDestinationsTitle}</EmptyState.Title>
            <EmptyState.Description>{UI.noDestinationsHint}</EmptyState.Description>
          </VStack>
          {allowed("destination.manage") && (
            <Button colorPalette="green" onClick={props.onAdd}>
              {STREAMING.addDestination}
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const liveById = new Map(props.streams.map((s) => [s.id, s.live]));
  const playlistOf = (streamId: number | null) => {
    const id = props.streams.find((s) => s.id === streamId)?.playlist_id;
    return id ? props.playlists?.find((p) => p.id === id)?.items : null;
  };
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
      {list.map((d) => (
        <DestinationCard
          key={d.id}
          destination={d}
          live={d.active_stream_id !== null ? liveById.get(d.active_stream_id) : null}
          playlistItems={playlistOf(d.active_stream_id)}
          busy={props.busyDestination === d.id}
          databaseAway={props.databaseAway ?? false}
          onStart={() => props.onStart(d)}
          onStop={() => props.onStop(d)}
          onChange={() => props.onChange(d)}
          onAutorestart={(enabled) => props.onAutorestart(d, enabled)}
          onDelete={() => props.onDelete(d)}
          onEdit={props.onEdit ? () => props.onEdit?.(d) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}
