import { Box, Button, EmptyState, Flex, SimpleGrid, Skeleton, Text, VStack } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { useSession } from "@client/app/session";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { MediaCard } from "@client/pages/project-detail/media/MediaCard";
import { UploadIcon, VideoIcon } from "@client/pages/project-detail/media/MediaIcons";
import { PlaylistsSection } from "@client/pages/project-detail/media/PlaylistsSection";
import { UploadDialog } from "@client/pages/project-detail/media/UploadDialog";
import { MEDIA } from "@shared/messages/media";
import { can } from "@shared/permissions";
import type { MediaItem } from "@shared/schemas/media";
import { useState } from "react";

const PREPARING_POLL_MS = 2000;

/** Project detail, media tab: the project's files, upload, view, admin delete. */
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
  const canDelete = user ? can(user.role, "media.delete") : false;
  // A role that may not upload never gets the dialog: it would take a file only to be refused.
  const { allowed, reason } = usePermissions();
  const canUpload = allowed("media.upload");
  // A failed list reads as an empty one, without a message (docs/screens.md#project-detail).
  const items = list.data ?? [];

  const uploadButton = (label: string) => (
    <Button colorPalette="blue" onClick={() => setUploadOpen(true)}>
      <UploadIcon /> {label}
    </Button>
  );

  return (
    <Box>
      {canUpload ? (
        <Flex justify="flex-end" mb={4}>
          {uploadButton(MEDIA.uploadButton)}
        </Flex>
      ) : null}
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
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4}>
          {items.map((item) => (
            <MediaCard key={item.id} item={item} canDelete={canDelete} onDelete={setPending} />
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
    </Box>
  );
}
