import type { TimelineAnswer } from "@shared/schemas/analytics-timeline";

// The timeline's rows as the chart draws them: dollars, hours, and which series have any data.

export interface TimelinePoint {
  date: string;
  revenue: number | null;
  players: number | null;
  wishlists: number | null;
  reviews: number | null;
  hours: number;
}

export const TIMELINE_SERIES = ["revenue", "players", "wishlists", "reviews", "hours"] as const;
export type TimelineSeries = (typeof TIMELINE_SERIES)[number];

/**
 * The scale each series is drawn on: one each. Player peaks run to thousands and wishlist adds to
 * tens, so on a shared scale the adds lay flat along the bottom.
 */
export const SERIES_AXIS = {
  revenue: "money",
  players: "players",
  wishlists: "wishlists",
  reviews: "pct",
  hours: "hours",
} as const satisfies Record<TimelineSeries, string>;

export function timelinePoints(answer: TimelineAnswer): TimelinePoint[] {
  return answer.days.map((d) => ({
    date: d.date,
    revenue: d.netRevenueCents === null ? null : d.netRevenueCents / 100,
    players: d.playerPeak,
    wishlists: d.wishlistAdds,
    reviews: d.reviewPercent,
    hours: Math.round((d.broadcastSeconds / 3600) * 10) / 10,
  }));
}

/** Series with at least one value in the period: the others are left out of chart and legend. */
export function seriesWithData(points: TimelinePoint[]): Set<TimelineSeries> {
  const present = new Set<TimelineSeries>();
  for (const p of points)
    for (const s of TIMELINE_SERIES) if (p[s] !== null && (s !== "hours" || p.hours > 0)) present.add(s);
  return present;
}

export const totalHours = (answer: TimelineAnswer) =>
  (answer.days.reduce((s, d) => s + d.broadcastSeconds, 0) / 3600).toFixed(1);
