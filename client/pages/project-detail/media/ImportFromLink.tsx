import { Box, Button, Field, HStack, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import { JOB_POLL_MS } from "@shared/schemas/jobs";
import type { MediaImport } from "@shared/schemas/media-imports";
import { useEffect, useRef, useState } from "react";

const isRunning = (i: MediaImport) => i.status === "downloading" || i.status === "processing";

/**
 * The Upload dialog's "From a link" part (docs/screens.md#project-detail): paste a link, the server
 * downloads it. Running imports come from the server, so they show again after a reload and on
 * another tab; each has its progress bar and a cancel. An import that ends while shown is announced,
 * and a finished one reloads the media list.
 */
export function ImportFromLink(props: { projectId: number; onImported: () => void }) {
  const [url, setUrl] = useState("");
  const imports = trpc.media.imports.useQuery(
    { projectId: props.projectId },
    { refetchInterval: (q) => ((q.state.data ?? []).some(isRunning) ? JOB_POLL_MS : false) },
  );
  const start = trpc.media.importLink.useMutation();
  const cancel = trpc.media.cancelImport.useMutation();
  const running = (imports.data ?? []).filter(isRunning);
  useAnnounceEnds(imports.data, props.onImported);

  async function submit() {
    try {
      await start.mutateAsync({ projectId: props.projectId, url });
      setUrl("");
      notify({ type: "info", title: MEDIA_IMPORTS.importStarted, message: url });
      await imports.refetch();
    } catch (err) {
      notify({ type: "error", title: MEDIA_IMPORTS.importFailed, message: (err as Error).message });
    }
  }

  async function stop(id: number) {
    try {
      await cancel.mutateAsync({ id });
      notify({ type: "info", title: MEDIA_IMPORTS.importCancelled, message: MEDIA_IMPORTS.cancelled });
    } catch (err) {
      notify({ type: "error", title: MEDIA_IMPORTS.importFailed, message: (err as Error).message });
    }
    await imports.refetch();
  }

  return (
    <Stack gap={3}>
      <Field.Root>
        <Field.Label>{MEDIA_IMPORTS.fromLink}</Field.Label>
        <HStack w="full">
          <Input
            type="url"
            aria-label={MEDIA_IMPORTS.linkLabel}
            placeholder={MEDIA_IMPORTS.linkPlaceholder}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && url.trim()) void submit();
            }}
          />
          <Button variant="outline" disabled={!url.trim()} loading={start.isPending} onClick={submit}>
            {MEDIA_IMPORTS.importButton}
          </Button>
        </HStack>
        <Field.HelperText>{MEDIA_IMPORTS.linkHint}</Field.HelperText>
      </Field.Root>
      {running.map((i) => (
        <ImportProgress key={i.id} item={i} onCancel={() => void stop(i.id)} />
      ))}
    </Stack>
  );
}

function ImportProgress(props: { item: MediaImport; onCancel: () => void }) {
  const { item } = props;
  const percent = item.total ? Math.min(100, Math.floor((item.bytes / item.total) * 100)) : null;
  const label = item.status === "processing" ? MEDIA_IMPORTS.processing : MEDIA_IMPORTS.importing;
  return (
    <Box data-testid={`import-${item.id}`}>
      <Text fontSize="sm" truncate mb={1}>
        {item.name}
      </Text>
      <Progress.Root value={percent} max={100} size="sm" colorPalette="blue">
        <Progress.Label mb={1}>{label}</Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        {percent !== null && <Progress.ValueText mt={1}>{`${percent}%`}</Progress.ValueText>}
      </Progress.Root>
      <HStack justify="space-between" mt={1}>
        <Text fontSize="sm" color="fg.muted">
          {item.total
            ? MEDIA.progressLoaded(item.bytes, item.total)
            : MEDIA_IMPORTS.progressUnknownTotal(item.bytes)}
        </Text>
        {item.status === "downloading" && (
          <Button size="xs" variant="ghost" onClick={props.onCancel}>
            {MEDIA_IMPORTS.cancelImport}
          </Button>
        )}
      </HStack>
    </Box>
  );
}

/** Tells of imports seen running that have ended since: done (and the list reloads) or failed. */
function useAnnounceEnds(list: MediaImport[] | undefined, onImported: () => void) {
  const seenRunning = useRef(new Set<number>());
  useEffect(() => {
    for (const i of list ?? []) {
      if (isRunning(i)) {
        seenRunning.current.add(i.id);
        continue;
      }
      if (!seenRunning.current.delete(i.id)) continue;
      if (i.status === "done") {
        notify({ type: "success", title: MEDIA_IMPORTS.importDone, message: i.name });
        onImported();
      } else if (i.status === "failed") {
        notify({ type: "error", title: MEDIA_IMPORTS.importFailed, message: i.error ?? i.name });
      }
    }
  }, [list, onImported]);
}
