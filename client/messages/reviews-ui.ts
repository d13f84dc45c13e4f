// The Reviews card of the analytics tab.
export const REVIEWS_UI = {
  title: "Reviews",
  subtitle: "Steam store, all languages, read once a day",
  positive: (pct: string) => `${pct} positive`,
  total: (n: string) => `${n} reviews`,
  points: (signed: string, days: number) => `${signed} pts in ${days} days`,
  added: (signed: string) => `${signed} reviews`,
  noChange: "No change to show yet",
  trendTitle: "Percent positive",
  tooltipReviews: "Reviews",
  emptyTitle: "No review score yet",
  emptyText:
    "The console reads your game's Steam review score once a day. The first one shows here within the hour.",
  noReviews: "No user reviews yet",
  loadFailed: "The reviews could not be loaded.",
} as const;
