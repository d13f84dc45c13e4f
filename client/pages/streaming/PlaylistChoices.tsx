import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { PLAYLISTS } from "@shared/messages/playlists";
import { formatClock } from "@shared/playlist-on-air";
import type { PlaylistView } from "@shared/schemas/playlists";
import { ChoiceButton } from "./ChoiceButton";

/** The playlists in the Select Media dialog: each streams its videos in order, looped as a whole. */
export function PlaylistChoices(props: {
  playlists: PlaylistView[];
  current: number | null;
  busy: boolean;
  onPick(playlist: PlaylistView): void;
}) {
  return (
    <Stack gap="2" data-testid="playlist-choices">
      {props.playlists.map((p) => (
        <ChoiceButton
          key={p.id}
          current={p.id === props.current}
          busy={props.busy}
          onPick={() => props.onPick(p)}
        >
          <HStack justify="space-between" gap="3">
            <HStack gap="2" minW="0">
              <Badge size="sm" variant="subtle" colorPalette="purple">
                {PLAYLISTS.badge}
              </Badge>
              <Text fontWeight="medium" truncate>
                {p.name}
              </Text>
            </HStack>
            <Text fontSize="xs" color="fg.muted" flexShrink={0}>
              {PLAYLISTS.summary(p.items.length, formatClock(p.total_duration_seconds))}
            </Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted" mt="1" truncate>
            {p.items.map((i) => i.name).join(" → ")}
          </Text>
        </ChoiceButton>
      ))}
    </Stack>
  );
}
