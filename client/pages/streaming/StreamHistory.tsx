import { Box, Button, Card, chakra, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { badgeState, StatusBadge } from "@client/components/StreamStatusBadge";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { formatDateTime, formatDuration, formatFileSize, relativeTime } from "@shared/format";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import { useEffect, useState } from "react";
import { HealthTimeline } from "./HealthTimeline";
import { StorePageHistory } from "./StorePageHistory";
import { isEnded, type StreamRecord } from "./types";

export interface StreamHistoryProps {
  streams: StreamRecord[];
  isAdmin: boolean;
  onDelete(stream: StreamRecord): void;
  onClearEnded(): void;
}

/** The row a selection still points at, or null once a refetch no longer has it. */
export function keepSelection(selected: number | null, streams: StreamRecord[]): number | null {
  return selected !== null && streams.some((s) => s.id === selected) ? selected : null;
}

export function StreamHistory({ streams, isAdmin, onDelete, onClearEnded }: StreamHistoryProps) {
  const [selected, setSelected] = useState<number | null>(null);
  // A refetch drops a selection that no longer exists (so a reused id never re-opens).
  useEffect(() => {
    if (keepSelection(selected, streams) !== selected) setSelected(null);
  }, [streams, selected]);
  const hasEnded = streams.some((s) => isEnded(s.status));

  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Header>
        <Flex justify="space-between" align="center">
          <Heading size="md">{STREAMING.historyTitle}</Heading>
          {isAdmin && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={onClearEnded}
              disabled={!hasEnded}
            >
              {STREAMING.clearAllEnded}
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {streams.length === 0 ? (
          <Text color="fg.muted" py="6" textAlign="center">
            {UI.noHistory}
          </Text>
        ) : (
          <Stack gap="0" divideY="1px" divideColor="border.muted">
            {streams.map((s) => (
              <HistoryRow
                key={s.id}
                stream={s}
                expanded={selected === s.id}
                onToggle={() => setSelected((cur) => (cur === s.id ? null : s.id))}
                onDelete={() => onDelete(s)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function HistoryRow({
  stream: s,
  expanded,
  onToggle,
  onDelete,
}: {
  stream: StreamRecord;
  expanded: boolean;
  onToggle(): void;
  onDelete(): void;
}) {
  const { allowed } = usePermissions();
  return (
    <Box data-testid={`history-${s.id}`}>
      <Flex align="center" gap="2" px="2" borderRadius="md" _hover={{ bg: "bg.subtle" }}>
        {/* The toggle and Delete are siblings: a button inside a button is neither valid nor usable. */}
        <chakra.button
          type="button"
          aria-expanded={expanded}
          onClick={onToggle}
          // One grid for every row so badges and names line up; on a phone the name, the badge and the
          // times each take a line, so none is squeezed beside the others.
          display="grid"
          gridTemplateColumns={{ base: "auto minmax(0, 1fr)", md: "auto 9.5rem minmax(0, 1fr)" }}
          gridTemplateAreas={{
            base: '"arrow name" "arrow badge" "arrow meta"',
            md: '"arrow badge name" "arrow badge meta"',
          }}
          alignItems="center"
          columnGap="3"
          rowGap="1"
          py="3"
          flex="1"
          minW="0"
          textAlign="left"
          cursor="pointer"
          borderRadius="md"
          _focusVisible={{ outline: "2px solid", outlineColor: "colorPalette.focusRing" }}
        >
          <Text
            as="span"
            gridArea="arrow"
            color="fg.subtle"
            fontSize="xs"
            w="3"
            transform={expanded ? "rotate(90deg)" : undefined}
          >
            ▶
          </Text>
          <Box as="span" gridArea="badge" display="flex">
            <StatusBadge
              status={badgeState(s.status, { errorCount: s.error_count, wentLive: s.went_live })}
            />
          </Box>
          <Text
            as="span"
            gridArea="name"
            display="block"
            fontWeight="medium"
            lineClamp={{ base: 6, md: 2 }}
            wordBreak="break-word"
          >
            {s.playlist_name ? `${PLAYLISTS.historyName(s.playlist_name)}` : s.media_name} →{" "}
            {s.destination_name}
          </Text>
          <Text as="span" gridArea="meta" display="block" fontSize="xs" color="fg.muted">
            {relativeTime(s.started_at)} · {formatDuration(s.duration_seconds)}
            {s.error_count > 0 ? ` · ${UI.historyErrors}: ${s.error_count}` : ""}
          </Text>
        </chakra.button>
        {isEnded(s.status) && allowed("stream.delete") && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
            {UI.delete}
          </Button>
        )}
      </Flex>
      {expanded && <HistoryDetails stream={s} />}
    </Box>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontSize="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text fontSize="sm">{children}</Text>
    </Box>
  );
}

function HistoryDetails({ stream: s }: { stream: StreamRecord }) {
  return (
    <Box mx="2" mb="3" p="4" bg="bg.subtle" borderRadius="md" data-testid={`history-details-${s.id}`}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Detail label={UI.historyStarted}>{formatDateTime(s.started_at)}</Detail>
        <Detail label={UI.historyStopped}>
          {s.stopped_at ? formatDateTime(s.stopped_at) : UI.stillLive}
        </Detail>
        <Detail label={UI.historyDuration}>{formatDuration(s.duration_seconds)}</Detail>
        <Detail label={UI.historyMediaSize}>{formatFileSize(s.media_size)}</Detail>
        <Detail label={UI.historyDestinationType}>
          {s.destination_type === "steam" ? STREAMING.typeSteam : STREAMING.typeCustom}
          {s.destination_autorestart ? ` · ${UI.autorestartOn}` : ""}
        </Detail>
        <Detail label={UI.historyErrors}>{s.error_count}</Detail>
        {s.planned_reconnects > 0 && (
          <Detail label={UI.historyPlannedReconnects}>{s.planned_reconnects}</Detail>
        )}
        {s.pid !== null && <Detail label={UI.historyProcess}>{s.pid}</Detail>}
      </SimpleGrid>
      <HealthTimeline streamId={s.id} live={s.status === "running" || s.status === "starting"} />
      {s.destination_type === "steam" && (
        <StorePageHistory streamId={s.id} live={s.status === "running" || s.status === "starting"} />
      )}
      <Box mt="4">
        <Text fontSize="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
          {UI.historyLastError}
        </Text>
        {s.last_error_message ? (
          <Box mt="1" p="3" bg="red.950" borderRadius="md" borderWidth="1px" borderColor="red.900">
            <Text
              fontFamily="mono"
              fontSize="xs"
              color="red.200"
              whiteSpace="pre-wrap"
              wordBreak="break-word"
            >
              {s.last_error_message}
            </Text>
            {s.last_error_time && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                {formatDateTime(s.last_error_time)}
              </Text>
            )}
          </Box>
        ) : (
          <Text fontSize="sm">{UI.noErrors}</Text>
        )}
      </Box>
    </Box>
  );
}
