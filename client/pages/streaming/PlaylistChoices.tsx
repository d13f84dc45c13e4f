import { Badge, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { PLAYLISTS } from "@shared/messages/playlists";
import { formatClock } from "@shared/playlist-on-air";
import type { PlaylistView } from "@shared/schemas/playlists";

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
        <chakra.button
          type="button"
          key={p.id}
          textAlign="left"
          borderWidth="1px"
          borderColor={p.id === props.current ? "green.700" : "border"}
          borderRadius="md"
          px="4"
          py="3"
          bg="bg.subtle"
          _hover={{ bg: "bg.muted", borderColor: "green.600" }}
          opacity={props.busy ? 0.6 : 1}
          disabled={props.busy}
          onClick={() => props.onPick(p)}
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
        </chakra.button>
      ))}
    </Stack>
  );
}
