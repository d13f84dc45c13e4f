import { Text } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { formatFileSize } from "@shared/format";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";

/** The disk the project's media takes, uploads and converted copies; nothing while it is unknown. */
export function StorageUsed({ projectId }: { projectId: number }) {
  const storage = trpc.media.storage.useQuery({ projectId });
  const s = storage.data;
  if (!s) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="media-storage">
      <Text as="span" fontWeight="semibold" color="fg">
        {MEDIA_LIBRARY.storageUsed}: {formatFileSize(s.totalBytes)}
      </Text>{" "}
      ·{" "}
      {MEDIA_LIBRARY.storageBreakdown(s.files, formatFileSize(s.mediaBytes), formatFileSize(s.preparedBytes))}
    </Text>
  );
}
