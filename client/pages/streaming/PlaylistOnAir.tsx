import { Text } from "@chakra-ui/react";
import { PLAYLISTS } from "@shared/messages/playlists";
import { formatClock, onAirItem } from "@shared/playlist-on-air";
import type { PlaylistItemView } from "@shared/schemas/playlists";

/**
 * For a playlist on air: which item plays now and how long until the next, from where in the play
 * the stream is (the time sent, counted from where a resumed run started).
 */
export function PlaylistOnAir({ items, playSeconds }: { items: PlaylistItemView[]; playSeconds: number }) {
  const now = onAirItem(
    playSeconds,
    items.map((i) => i.duration_seconds),
  );
  if (!now) return null;
  const item = items[now.index]!;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="playlist-on-air">
      {PLAYLISTS.onAir(item.name)} · {PLAYLISTS.nextIn(formatClock(now.secondsToNext))}
    </Text>
  );
}
