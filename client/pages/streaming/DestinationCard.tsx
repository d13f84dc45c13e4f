import { Badge, Box, Button, Card, Flex, HStack, Switch, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { StorePageBadge } from "@client/components/StorePageBadge";
import { type BadgeState, StatusBadge } from "@client/components/StreamStatusBadge";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { NextSchedule } from "@client/pages/streaming/schedule/NextSchedule";
import { ScheduleButton } from "@client/pages/streaming/schedule/ScheduleButton";
import { relativeTime } from "@shared/format";
import { NODES } from "@shared/messages/nodes";
import { STREAMING } from "@shared/messages/streaming";
import type { PlaylistItemView } from "@shared/schemas/playlists";
import { LastFailure } from "./LastFailure";
import { LiveFigures } from "./LiveFigures";
import { NodeLine } from "./NodeLine";
import { PlaylistOnAir } from "./PlaylistOnAir";
import { type Destination, type LiveFigures as Figures, hasStreamControls } from "./types";
import { UptimeLine } from "./UptimeLine";

export interface DestinationCardProps {
  destination: Destination;
  live: Figures | null | undefined;
  /** The items of the playlist on air, when the live stream plays one. */
  playlistItems?: PlaylistItemView[] | null;
  busy?: boolean;
  /** The server cannot reach its database: what the card shows is its last answer. */
  databaseAway?: boolean;
  onStart(): void;
  onStop(): void;
  onChange(): void;
  onAutorestart(enabled: boolean): void;
  onDelete(): void;
  /** Opens Edit Destination; left out, the card offers no Edit. */
  onEdit?(): void;
}

export function DestinationCard({
  destination: d,
  live,
  playlistItems,
  busy,
  databaseAway = false,
  onStart,
  onStop,
  onChange,
  onAutorestart,
  onDelete,
  onEdit,
}: DestinationCardProps) {
  const status = d.stream_status;
  const liveNow = hasStreamControls(status);
  const failure = d.last_failure;
  // A node that cannot read the media says so in place of the moving and node lines.
  const unreadable = d.stream_unreadable;
  // A run that ended in error keeps its badge and border until the next start.
  // A start retrying after failures has nothing on air: it reads "Reconnecting", not "Starting".
  const retrying = status === "starting" && !!failure && !failure.ended;
  const shown: BadgeState | null = retrying ? "reconnecting" : (status ?? (failure?.ended ? "error" : null));
  // Controls the role can never use are left out; the switch still shows the setting, switched off.
  const { allowed, reason } = usePermissions();
  const control = allowed("stream.control");
  const manage = allowed("destination.manage");
  return (
    <Card.Root
      variant="outline"
      bg="bg.panel"
      borderColor={shown === "running" ? "green.800" : shown === "error" ? "red.800" : "border"}
      data-testid={`destination-${d.id}`}
      transition="border-color 0.2s"
    >
      <Card.Body gap="4" p="5">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0" flex="1">
            <HStack gap="2" mb="1" wrap="wrap">
              <Text fontWeight="semibold" fontSize="lg" lineClamp={2} wordBreak="break-word">
                {d.name}
              </Text>
              <Badge variant="outline" colorPalette={d.type === "steam" ? "blue" : "purple"} size="sm">
                {d.type === "steam" ? STREAMING.typeSteam : STREAMING.typeCustom}
              </Badge>
            </HStack>
            <Text fontFamily="mono" fontSize="xs" color="fg.muted" truncate title={d.rtmp_url}>
              {d.rtmp_url}
            </Text>
            {/* Viewers never receive the key, so for them there is nothing to say about it. */}
            {d.stream_key !== undefined && (
              <Text fontSize="xs" color="fg.subtle" mt="0.5">
                {d.stream_key ? UI.keySet : UI.noKey}
              </Text>
            )}
          </Box>
          {shown ? <StatusBadge status={shown} /> : <Badge variant="surface">{UI.idle}</Badge>}
        </Flex>

        {liveNow && d.streaming_media_name && (
          <Text fontSize="sm" color="fg.muted">
            {retrying ? (
              UI.reconnectingMedia(d.streaming_media_name)
            ) : (
              <>
                {UI.streamingMedia(d.streaming_media_name)}
                {d.stream_started_at ? ` · ${UI.since(relativeTime(d.stream_started_at))}` : ""}
              </>
            )}
          </Text>
        )}
        {liveNow && <NodeLine destination={d} databaseAway={databaseAway} />}
        {liveNow && d.store_page && <StorePageBadge view={d.store_page} withReason />}
        {liveNow && d.started_by_window && (
          <Text fontSize="sm" color="blue.fg" data-testid="started-by-window">
            {UI.startedByWindow}
          </Text>
        )}
        {status === "running" && live && playlistItems && (
          <PlaylistOnAir items={playlistItems} playSeconds={live.play_seconds} />
        )}
        {failure && <LastFailure failure={failure} />}
        {!liveNow && unreadable?.failed && (
          <Text fontSize="sm" color="red.fg" mt="-2" data-testid="stream-unreadable">
            {NODES.readByNone(unreadable.file, unreadable.nodes)}
          </Text>
        )}
        <UptimeLine
          destinationId={d.id}
          steam={d.type === "steam"}
          runKey={`${status}|${failure?.stream_id}|${failure?.error_count}|${d.store_page?.state}`}
        />
        {status === "running" && <LiveFigures live={live} />}
        {status === "starting" && !retrying && <LiveFigures live={null} />}
        <NextSchedule next={d.next_schedule} />

        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Switch.Root
            checked={d.autorestart}
            disabled={!manage}
            title={manage ? undefined : reason("destination.manage")}
            onCheckedChange={(e) => onAutorestart(e.checked)}
            colorPalette="green"
            size="sm"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label fontSize="sm" color="fg.muted">
              {UI.autorestart}
            </Switch.Label>
          </Switch.Root>
          <HStack gap="2" wrap="wrap">
            <ScheduleButton destination={d} />
            {!control ? null : liveNow ? (
              <>
                <Button size="sm" variant="outline" onClick={onChange} disabled={busy}>
                  {UI.change}
                </Button>
                <Button size="sm" colorPalette="red" onClick={onStop} loading={busy}>
                  {UI.stop}
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                colorPalette="green"
                onClick={onStart}
                disabled={status === "stopping"}
                loading={busy}
              >
                {UI.start}
              </Button>
            )}
            {manage && onEdit && (
              <Button size="sm" variant="outline" onClick={onEdit} aria-label={`${UI.edit} ${d.name}`}>
                {UI.edit}
              </Button>
            )}
            {manage && (
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={onDelete}
                aria-label={`${UI.delete} ${d.name}`}
              >
                {UI.delete}
              </Button>
            )}
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
