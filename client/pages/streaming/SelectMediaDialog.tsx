import { Badge, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { FORMS_UI } from "@client/messages/forms-ui";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { formatFileSize } from "@shared/format";
import { STREAMING } from "@shared/messages/streaming";
import { copyableForCustom } from "@shared/schemas/media";
import type { PlaylistView } from "@shared/schemas/playlists";
import type { DestinationType } from "@shared/schemas/streaming";
import { Link } from "react-router-dom";
import { ChoiceButton } from "./ChoiceButton";
import { PlaylistChoices } from "./PlaylistChoices";
import type { MediaChoice } from "./types";

/** Whether this file goes out as its prepared copy to this kind of destination, and why (Steam only). */
function preparation(m: MediaChoice, type: DestinationType): { needed: boolean; reasons: string[] } {
  // Once the converted copy is made, every start uses it: nothing is prepared first any more.
  if (m.preparation?.status === "done") return { needed: false, reasons: [] };
  if (type === "custom") {
    const needed = !copyableForCustom({
      videoCodec: m.video_codec ?? null,
      audioCodec: m.audio_codec ?? null,
    });
    return { needed, reasons: [] };
  }
  return { needed: m.steam_ready === false, reasons: m.steam_ready === false ? (m.steam_reasons ?? []) : [] };
}

export interface SelectMediaDialogProps {
  open: boolean;
  projectId: number;
  /** The destination the choice is for; when changing, the media now streaming is marked. */
  destinationName: string;
  /** Steam takes by stream copy only what passes its rules; a custom server any H.264/AAC. */
  destinationType: DestinationType;
  changing: boolean;
  currentMediaId: number | null;
  media: MediaChoice[] | undefined;
  loading: boolean;
  busy: boolean;
  onPick(media: MediaChoice): void;
  /** The project's playlists, offered beside the files. */
  playlists?: PlaylistView[];
  currentPlaylistId?: number | null;
  onPickPlaylist?(playlist: PlaylistView): void;
  onClose(): void;
}

/** 'Select Media to Stream': only videos can be streamed, so images are left out. */
export function SelectMediaDialog(props: SelectMediaDialogProps) {
  const videos = (props.media ?? []).filter((m) => m.kind === "video");
  const lists = props.playlists ?? [];
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      closeLabel={false}
      title={STREAMING.selectMediaTitle}
      subtitle={props.changing ? UI.changeMediaHint(props.destinationName) : props.destinationName}
      footer={
        <Button variant="ghost" onClick={props.onClose}>
          {FORMS_UI.cancel}
        </Button>
      }
    >
      {props.loading ? (
        <Spinner />
      ) : videos.length === 0 && lists.length === 0 ? (
        <Stack gap="3" align="flex-start">
          <Text color="fg.muted">{UI.noVideos}</Text>
          <Button asChild size="sm" variant="outline">
            <Link to={`/projects/${props.projectId}/media`}>{UI.openMedia}</Link>
          </Button>
        </Stack>
      ) : (
        <Stack gap="2" maxH="60vh" overflowY="auto">
          {lists.length > 0 && (
            <PlaylistChoices
              playlists={lists}
              current={props.changing ? (props.currentPlaylistId ?? null) : null}
              busy={props.busy}
              onPick={(p) => props.onPickPlaylist?.(p)}
            />
          )}
          {videos.map((m) => {
            const current = props.changing && m.id === props.currentMediaId;
            const prep = preparation(m, props.destinationType);
            return (
              <ChoiceButton key={m.id} current={current} busy={props.busy} onPick={() => props.onPick(m)}>
                <HStack justify="space-between" gap="3">
                  <Text fontWeight="medium" truncate>
                    {m.original_name}
                  </Text>
                  <HStack gap="2" flexShrink={0}>
                    {prep.needed && (
                      <Badge size="sm" variant="subtle" colorPalette="blue" title={UI.needsPreparationHint}>
                        {UI.needsPreparation}
                      </Badge>
                    )}
                    <Text fontSize="xs" color="fg.muted">
                      {formatFileSize(m.file_size)}
                    </Text>
                  </HStack>
                </HStack>
                {prep.reasons.length > 0 && (
                  <Text fontSize="xs" color="fg.muted" mt="1" data-testid="steam-reasons">
                    {prep.reasons.join(" · ")}
                  </Text>
                )}
              </ChoiceButton>
            );
          })}
        </Stack>
      )}
    </DialogFrame>
  );
}
