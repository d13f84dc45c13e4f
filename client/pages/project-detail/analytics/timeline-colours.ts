// SVG attributes need literal colours, not tokens; the legend uses the same ones.
export const SERIES_COLOURS = {
  revenue: "#4ade80",
  players: "#60a5fa",
  wishlists: "#f472b6",
  reviews: "#fbbf24",
  hours: "#a78bfa",
  sale: "#fb923c",
} as const;
