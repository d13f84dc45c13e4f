// Client-only texts of the playlist dialog (the rest of its texts live in shared/messages/playlists.ts).
export const PLAYLISTS_UI = {
  onAirTitle: (destinations: string) => `On air on ${destinations}`,
  onAirHint: "Changes play from the next loop, without reconnecting. The video playing now finishes first.",
} as const;
