import { Alert, HStack, IconButton, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { FormDialog } from "@client/components/form/FormDialog";
import { FormField } from "@client/components/form/FormField";
import { PLAYLISTS_UI } from "@client/messages/playlists-ui";
import { PLAYLISTS } from "@shared/messages/playlists";
import { PLAYLIST_MAX_ITEMS, PLAYLIST_NAME_MAX } from "@shared/schemas/playlists";
import { useEffect, useRef, useState } from "react";

export interface PlaylistDraft {
  name: string;
  media_ids: number[];
}

/** Create or edit a playlist: its name and its videos in playing order (add, move up or down, remove). */
export function PlaylistDialog(props: {
  open: boolean;
  editing: boolean;
  initial: PlaylistDraft;
  videos: { id: number; original_name: string }[];
  busy: boolean;
  /** Destinations streaming this playlist now: an edit reaches them from the next loop. */
  onAirOn?: string[];
  onSave(draft: PlaylistDraft): void;
  onClose(): void;
}) {
  const [name, setName] = useState(props.initial.name);
  // Rows carry their own key: the same video may appear twice, and rows move.
  const seq = useRef(0);
  const rowsOf = (list: number[]) => list.map((id) => ({ id, key: ++seq.current }));
  const [rows, setRows] = useState(() => rowsOf(props.initial.media_ids));
  const ids = rows.map((r) => r.id);
  const [error, setError] = useState<{ name?: string; items?: string }>({});
  const { open, initial } = props;
  useEffect(() => {
    if (!open) return;
    setName(initial.name);
    setRows(initial.media_ids.map((id) => ({ id, key: ++seq.current })));
    setError({});
  }, [open, initial]);
  const nameOf = (id: number) => props.videos.find((v) => v.id === id)?.original_name ?? `#${id}`;
  const move = (from: number, to: number) =>
    setRows((list) => {
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  const submit = () => {
    const problems = {
      name: name.trim() === "" ? PLAYLISTS.nameRequired : undefined,
      items: ids.length === 0 ? PLAYLISTS.empty : undefined,
    };
    setError(problems);
    if (!problems.name && !problems.items) props.onSave({ name: name.trim(), media_ids: ids });
  };
  return (
    <FormDialog
      open={props.open}
      title={props.editing ? PLAYLISTS.editTitle : PLAYLISTS.createTitle}
      submitLabel={PLAYLISTS.save}
      busy={props.busy}
      onSubmit={submit}
      onClose={props.onClose}
    >
      {props.onAirOn && props.onAirOn.length > 0 && (
        <Alert.Root status="info" size="sm" data-testid="playlist-on-air-hint">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{PLAYLISTS_UI.onAirTitle(props.onAirOn.join(", "))}</Alert.Title>
            <Alert.Description>{PLAYLISTS_UI.onAirHint}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <FormField label={PLAYLISTS.nameLabel} error={error.name} required>
        <Input value={name} maxLength={PLAYLIST_NAME_MAX} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField label={PLAYLISTS.videosLabel} error={error.items}>
        <Stack gap="1" w="full" data-testid="playlist-items">
          {rows.map(({ id, key }, i) => (
            <HStack key={key} borderWidth="1px" borderRadius="md" px="3" py="1" bg="bg.subtle">
              <Text fontSize="sm" color="fg.muted" w="6">
                {i + 1}.
              </Text>
              <Text fontSize="sm" flex="1" truncate>
                {nameOf(id)}
              </Text>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={PLAYLISTS.moveUp(nameOf(id))}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={PLAYLISTS.moveDown(nameOf(id))}
                disabled={i === ids.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={PLAYLISTS.remove(nameOf(id))}
                onClick={() => setRows((list) => list.filter((r) => r.key !== key))}
              >
                ✕
              </IconButton>
            </HStack>
          ))}
          <NativeSelect.Root size="sm" disabled={ids.length >= PLAYLIST_MAX_ITEMS}>
            <NativeSelect.Field
              aria-label={PLAYLISTS.addVideo}
              value=""
              onChange={(e) => {
                const id = Number(e.target.value);
                if (id) setRows((list) => [...list, { id, key: ++seq.current }]);
              }}
            >
              <option value="">{PLAYLISTS.addVideo}…</option>
              {props.videos.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.original_name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      </FormField>
    </FormDialog>
  );
}
