import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { DollarIcon, DownloadIcon, WrenchIcon } from "@client/components/icons/analytics";
import { SyncProgress } from "@client/components/sync-job/SyncProgress";
import { useSyncJob } from "@client/components/sync-job/use-sync-job";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { ADMIN_CONTROLS_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { type DateRange, SYNC_NOTE_MS } from "@shared/schemas/analytics";
import type { SyncJobView } from "@shared/schemas/jobs";
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";

/** The preset a running sync was started with, kept for the tab's life so a reload still names it. */
const RANGE_KEY = "all-apps-sync-range";
const rememberedRange = (): DateRange => {
  const saved = globalThis.sessionStorage?.getItem(RANGE_KEY);
  return saved === "recent" || saved === "yearly" ? saved : "monthly";
};

const PRESETS: { range: DateRange; label: string }[] = [
  { range: "recent", label: ANALYTICS.syncRecent },
  { range: "monthly", label: ANALYTICS.syncMonthly },
  { range: "yearly", label: ANALYTICS.syncYearly },
];

interface Note {
  ok: boolean;
  title: string;
  message: string;
}

/**
 * The administrators' Financial Data Sync with three presets. It runs on the server as a job; the
 * running preset reads 'Syncing...' with the job's progress beneath and all three are disabled; the
 * result note clears after 15 s (yearly) or 10 s.
 */
export function AdminControls() {
  const start = trpc.analytics.syncAllApps.useMutation();
  const current = trpc.analytics.allAppsSyncJob.useQuery();
  const [note, setNote] = useState<Note | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const sync = useSyncJob(current.data ? [current.data] : undefined, (job) => ended(job, rememberedRange()));
  const [startingRange, setStartingRange] = useState<DateRange | null>(null);
  const running = startingRange ?? (sync.busy ? rememberedRange() : null);

  function show(next: Note, range: DateRange) {
    setNote(next);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(
      () => setNote(null),
      range === "yearly" ? SYNC_NOTE_MS.yearly : SYNC_NOTE_MS.other,
    );
  }

  function ended(job: SyncJobView, range: DateRange) {
    const answer = job.kind === "all-apps" && job.status === "done" ? job.result : null;
    if (!answer?.success) {
      const message = answer?.error || job.error?.message || ANALYTICS.syncFailed;
      show({ ok: false, title: ANALYTICS.financialSyncFailedTitle, message }, range);
      return;
    }
    const { appsProcessed: n, totalApps: total } = answer;
    const message =
      range === "yearly" ? ANALYTICS.syncYearlySummary(n, total) : ANALYTICS.syncSummary(n, total);
    show({ ok: true, title: ANALYTICS.syncCompleted[range], message }, range);
  }

  async function run(range: DateRange) {
    setStartingRange(range);
    globalThis.sessionStorage?.setItem(RANGE_KEY, range);
    try {
      sync.follow((await start.mutateAsync({ dateRange: range })).jobId);
    } catch (err) {
      const message = errorMessage(err, ANALYTICS.syncFailed);
      show({ ok: false, title: ANALYTICS.financialSyncFailedTitle, message }, range);
    } finally {
      setStartingRange(null);
    }
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="admin-controls">
      <Card.Header pb="0">
        <Flex justify="space-between" align="center">
          <Box>
            <Card.Title>{ANALYTICS.adminControls}</Card.Title>
            <Card.Description>{T.subtitle}</Card.Description>
          </Box>
          <Badge colorPalette="red" variant="subtle">
            {T.adminBadge}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="4">
          <Tile
            icon={DollarIcon}
            palette="green"
            title={ANALYTICS.financialDataSync}
            hint={T.financialSyncHint}
          >
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
              {PRESETS.map((p) => (
                <Button
                  key={p.range}
                  size="sm"
                  // All three alike: none is a default, so none may look pre-selected.
                  variant="outline"
                  colorPalette="green"
                  disabled={running !== null}
                  onClick={() => run(p.range)}
                >
                  {running === p.range ? ANALYTICS.syncing : p.label}
                </Button>
              ))}
            </SimpleGrid>
            {running !== null ? <SyncProgress job={sync.job} /> : null}
            {note ? (
              <Alert.Root
                status={note.ok ? "success" : "error"}
                size="sm"
                mt="3"
                borderRadius="md"
                data-testid="sync-note"
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{note.title}</Alert.Title>
                  <Alert.Description>{note.message}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Flex
                mt="3"
                minH="14"
                align="center"
                justify="center"
                borderWidth="1px"
                borderStyle="dashed"
                borderColor="border.muted"
                borderRadius="md"
                fontSize="xs"
                color="fg.subtle"
              >
                {T.noteIdle}
              </Flex>
            )}
          </Tile>
          <Stack gap="4">
            <Tile
              icon={WrenchIcon}
              palette="blue"
              title={ANALYTICS.systemMaintenance}
              hint={T.maintenanceHint}
              soon
            />
            <Tile
              icon={DownloadIcon}
              palette="purple"
              title={ANALYTICS.analyticsExport}
              hint={T.exportHint}
              soon
            />
          </Stack>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

function Tile({
  icon: IconComponent,
  palette,
  title,
  hint,
  soon,
  children,
}: {
  icon: ComponentType<{ boxSize?: string }>;
  palette: string;
  title: string;
  hint: string;
  soon?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="4"
      bg="bg.subtle"
      opacity={soon ? 0.75 : 1}
      data-testid={`admin-tile-${title}`}
    >
      <HStack gap="3" mb={children ? "3" : "0"} align="flex-start">
        <Box colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg" p="2" borderRadius="md">
          <IconComponent boxSize="4" />
        </Box>
        <Box flex="1">
          <HStack justify="space-between">
            <Text fontWeight="semibold" fontSize="sm">
              {title}
            </Text>
            {soon ? (
              <Badge size="sm" variant="outline">
                {ANALYTICS.comingSoon}
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        </Box>
      </HStack>
      {children}
    </Box>
  );
}
