import { Box, Button, EmptyState, Flex, SimpleGrid, Skeleton, Text, VStack } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { useSession } from "@client/app/session";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import {
  DEFAULT_VIEW,
  LibraryToolbar,
  SelectionBar,
} from "@client/pages/project-detail/media/LibraryToolbar";
import { MediaCard } from "@client/pages/project-detail/media/MediaCard";
import { UploadIcon, VideoIcon } from "@client/pages/project-detail/media/MediaIcons";
import { PlaylistsSection } from "@client/pages/project-detail/media/PlaylistsSection";
import { StorageUsed } from "@client/pages/project-detail/media/StorageUsed";
import { UploadDialog } from "@client/pages/project-detail/media/UploadDialog";
import { searchAndSort } from "@shared/media-library";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { can } from "@shared/permissions";
import type { MediaItem } from "@shared/schemas/media";
import { useMemo, useState } from "react";

const PREPARING_POLL_MS = 2000;

/**
 * Project detail, media tab: the project's files, searched and sorted as you type (the list is
 * already here, whole, for the playlists below), upload, view, admin delete of one or several.
 */
export function MediaTab({ projectId }: { projectId: number }) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  // While a file is being converted its card shows the progress, so the list is asked again meanwhile.
  const list = trpc.media.list.useQuery(
    { projectId },
    {
      refetchInterval: (q) =>
        (q.state.data ?? []).some(
          (m) => m.preparation?.status === "running" || m.preparation?.status === "pending",
        )
          ? PREPARING_POLL_MS
          : false,
    },
  );
  const [uploadOpen, setUploadOpen] = useState(false);
  const [pending, setPending] = useState<MediaItem | null>(null);
  const remove = trpc.media.delete.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: MEDIA.deleted, message: pending?.original_name });
      setPending(null);
    },
    onError: (err) => {
      notify({
        type: "error",
        title: MEDIA.deleteFailed,
        message: errorMessage(err, MEDIA.deleteFailedFallback),
      });
      setPending(null);
    },
  });
  const [view, setView] = useState(DEFAULT_VIEW);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmMany, setConfirmMany] = useState(false);
  const removeMany = trpc.media.deleteMany.useMutation({
    onSuccess: (result) => {
      notify({ type: "success", title: MEDIA.deleted, message: MEDIA_LIBRARY.deletedCount(result.deleted) });
      setSelected(new Set());
      setConfirmMany(false);
    },
    onError: (err) => {
      // Nothing was deleted: the selection stays, so the studio can free the files named and retry.
      notify({
        type: "error",
        title: MEDIA.deleteFailed,
        message: errorMessage(err, MEDIA.deleteFailedFallback),
      });
      setConfirmMany(false);
    },
  });
  const canDelete = user ? can(user.role, "media.delete") : false;
  // A role that may not upload never gets the dialog: it would take a file only to be refused.
  const { allowed, reason } = usePermissions();
  const canUpload = allowed("media.upload");
  // A failed list reads as an empty one, without a message (docs/screens.md#project-detail).
  const items = list.data ?? [];
  const shown = useMemo(() => searchAndSort(items, view), [items, view]);
  // Only files still listed count: one deleted elsewhere drops out of the selection.
  const picked = items.filter((m) => selected.has(m.id)).map((m) => m.id);
  const select = (item: MediaItem, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(item.id);
      else next.delete(item.id);
      return next;
    });

  const uploadButton = (label: string) => (
    <Button colorPalette="blue" onClick={() => setUploadOpen(true)}>
      <UploadIcon /> {label}
    </Button>
  );

  return (
    <Box>
      <Flex justify="space-between" align="center" gap={3} mb={4} wrap="wrap">
        <StorageUsed projectId={projectId} />
        {canUpload ? <Box ms="auto">{uploadButton(MEDIA.uploadButton)}</Box> : null}
      </Flex>
      {items.length > 0 && (
        <LibraryToolbar view={view} onChange={setView} shown={shown.length} total={items.length} />
      )}
      {canDelete && picked.length > 0 && (
        <SelectionBar
          count={picked.length}
          allShownSelected={shown.every((m) => selected.has(m.id))}
          onSelectAllShown={() => setSelected(new Set([...picked, ...shown.map((m) => m.id)]))}
          onClear={() => setSelected(new Set())}
          onDelete={() => setConfirmMany(true)}
        />
      )}
      {list.isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="64" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <VideoIcon />
            </EmptyState.Indicator>
            <VStack>
              <EmptyState.Title>{MEDIA.tabEmptyTitle}</EmptyState.Title>
            </VStack>
            {canUpload ? (
              uploadButton(MEDIA.uploadFirst)
            ) : (
              <Text color="fg.muted" fontSize="sm" textAlign="center">
                {reason("media.upload")}
              </Text>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" py={8} textAlign="center" data-testid="media-no-match">
          {MEDIA_LIBRARY.noMatch(view.q.trim())}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4}>
          {shown.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              canDelete={canDelete}
              onDelete={setPending}
              selected={selected.has(item.id)}
              onSelect={canDelete ? select : undefined}
            />
          ))}
        </SimpleGrid>
      )}
      <PlaylistsSection projectId={projectId} videos={items.filter((m) => m.kind === "video")} />
      <UploadDialog
        projectId={projectId}
        open={uploadOpen && canUpload}
        onClose={() => setUploadOpen(false)}
        // The upload goes by XMLHttpRequest, outside the mutation cache: refresh as a mutation would
        // (the list here, the project's media count on its overview).
        onUploaded={() => void utils.invalidate()}
      />
      <ConfirmDialog
        open={pending !== null}
        title={MEDIA.deleteTitle}
        message={MEDIA.confirmDelete}
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate({ id: pending.id })}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={confirmMany && picked.length > 0}
        title={MEDIA_LIBRARY.deleteSelectedTitle}
        message={MEDIA_LIBRARY.confirmDeleteSelected(picked.length)}
        busy={removeMany.isPending}
        onConfirm={() => removeMany.mutate({ projectId, ids: picked })}
        onClose={() => setConfirmMany(false)}
      />
    </Box>
  );
}
