import { Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { PLAYLISTS } from "@shared/messages/playlists";
import { can } from "@shared/permissions";
import { formatClock } from "@shared/playlist-on-air";
import type { PlaylistView } from "@shared/schemas/playlists";
import { isLive } from "@shared/schemas/streaming";
import { useMemo, useState } from "react";
import { PlaylistDialog, type PlaylistDraft } from "./PlaylistDialog";

const EMPTY: PlaylistDraft = { name: "", media_ids: [] };

/** The Media tab's Playlists: ordered lists of the project's videos, streamed looped as a whole. */
export function PlaylistsSection({
  projectId,
  videos,
}: {
  projectId: number;
  videos: { id: number; original_name: string }[];
}) {
  const { user } = useSession();
  const manage = user ? can(user.role, "playlist.manage") : false;
  const list = trpc.playlists.list.useQuery({ projectId });
  const [editing, setEditing] = useState<PlaylistView | "new" | null>(null);
  const [pending, setPending] = useState<PlaylistView | null>(null);
  // Where the playlist being edited is on air, to say when an edit takes effect.
  const editingId = editing !== null && editing !== "new" ? editing.id : null;
  const status = trpc.streaming.status.useQuery({ projectId }, { enabled: editingId !== null });
  const onAirOn = (status.data?.streams ?? [])
    .filter((s) => s.playlist_id === editingId && isLive(s.status))
    .map((s) => s.destination_name);
  // Each refusal is titled for what did not happen; the server's reason says why.
  const failed = (title: string) => (err: unknown) =>
    notify({ type: "error", title, message: errorMessage(err, "") });
  const saved = () => {
    notify({ type: "success", title: PLAYLISTS.saved });
    setEditing(null);
  };
  const create = trpc.playlists.create.useMutation({
    onSuccess: saved,
    onError: failed(PLAYLISTS.saveFailed),
  });
  const update = trpc.playlists.update.useMutation({
    onSuccess: saved,
    onError: failed(PLAYLISTS.saveFailed),
  });
  const remove = trpc.playlists.delete.useMutation({
    onSuccess: () => notify({ type: "success", title: PLAYLISTS.deleted, message: pending?.name }),
    onError: failed(PLAYLISTS.deleteFailed),
    onSettled: () => setPending(null),
  });
  const initial = useMemo(
    () =>
      editing && editing !== "new"
        ? { name: editing.name, media_ids: editing.items.map((i) => i.media_id) }
        : EMPTY,
    [editing],
  );
  const playlists = list.data ?? [];
  return (
    <Box mt="8" data-testid="playlists-section">
      <Flex justify="space-between" align="center" mb="3" gap="3">
        <Heading size="md">{PLAYLISTS.sectionTitle}</Heading>
        {manage && videos.length > 0 && (
          <Button size="sm" colorPalette="blue" variant="outline" onClick={() => setEditing("new")}>
            {PLAYLISTS.newPlaylist}
          </Button>
        )}
      </Flex>
      {playlists.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {PLAYLISTS.emptySection}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
          {playlists.map((p) => (
            <Card.Root key={p.id} variant="outline" bg="bg.panel" data-testid={`playlist-${p.id}`}>
              <Card.Body gap="2" p="4">
                <Flex justify="space-between" gap="3" align="flex-start">
                  <Box minW="0">
                    <Text fontWeight="semibold" truncate>
                      {p.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {PLAYLISTS.summary(p.items.length, formatClock(p.total_duration_seconds))}
                    </Text>
                  </Box>
                  {manage && (
                    <HStack gap="1" flexShrink={0}>
                      <Button size="xs" variant="outline" onClick={() => setEditing(p)}>
                        {PLAYLISTS.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => setPending(p)}
                        aria-label={`${PLAYLISTS.delete} ${p.name}`}
                      >
                        {PLAYLISTS.delete}
                      </Button>
                    </HStack>
                  )}
                </Flex>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {p.items.map((i) => i.name).join(" → ")}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <PlaylistDialog
        open={editing !== null}
        editing={editing !== null && editing !== "new"}
        initial={initial}
        videos={videos}
        busy={create.isPending || update.isPending}
        onAirOn={onAirOn}
        onClose={() => setEditing(null)}
        onSave={(draft) =>
          editing === "new"
            ? create.mutate({ project_id: projectId, ...draft })
            : editing && update.mutate({ id: editing.id, ...draft })
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={PLAYLISTS.deleteTitle}
        message={PLAYLISTS.confirmDelete(pending?.name ?? "")}
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate({ id: pending.id })}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
