import {
  CHART_BAR_MAX_PX as BAR_MAX_PX,
  CHART_BAR_MIN_PX as BAR_MIN_PX,
  PLAYER_CHART_DAYS,
  type PlayerMetric,
} from "@shared/schemas/analytics";

export type { PlayerMetric };

export interface PlayerBar extends PlayerMetric {
  /** Whole bar, daily peak plus the 24 h extension, within BAR_MIN_PX..BAR_MAX_PX. */
  heightPx: number;
  /** The part of heightPx drawn as the 24 h peak above the daily peak. */
  extensionPx: number;
  isToday: boolean;
  hasData: boolean;
}

const DAY_MS = 86_400_000;

/** Today's date as the server keys samples: UTC, YYYY-MM-DD. */
export const utcDay = (ms = Date.now()) => new Date(ms).toISOString().slice(0, 10);

/**
 * The 30 slots of the chart, oldest first, ending today. Days without samples keep a minimum-height
 * stub so the time axis stays continuous. Heights are measured from 0 against the axis' round top, so
 * a flat week reads as flat, not as identical full-height bars.
 */
export function playerBars(metrics: PlayerMetric[], today = utcDay()): PlayerBar[] {
  const byDate = new Map(metrics.map((m) => [m.date, m]));
  const end = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: PLAYER_CHART_DAYS }, (_, i) =>
    utcDay(end - (PLAYER_CHART_DAYS - 1 - i) * DAY_MS),
  );
  const top = (m: PlayerMetric) => Math.max(m.dailyPeak, m.peak24h);
  const max = axisTop(Math.max(0, ...days.map((d) => (byDate.has(d) ? top(byDate.get(d)!) : 0))));
  // The server lists every day of the period; a day without samples is not data.
  return days.map((date) => {
    const m = byDate.get(date);
    const metric = m ?? { date, dailyPeak: 0, peak24h: 0, current: 0, samples: 0 };
    const value = top(metric);
    const heightPx = max > 0 ? clamp(Math.round((value / max) * BAR_MAX_PX)) : BAR_MIN_PX;
    const extension = value > metric.dailyPeak && value > 0 ? (value - metric.dailyPeak) / value : 0;
    return {
      ...metric,
      heightPx,
      extensionPx: Math.round(extension * heightPx),
      isToday: date === today,
      hasData: metric.samples > 0,
    };
  });
}

const clamp = (px: number) => Math.min(BAR_MAX_PX, Math.max(BAR_MIN_PX, px));

/** "Nov 3" for a YYYY-MM-DD day, read in UTC like the server wrote it. */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** 1234 → "1.2K", for axis ticks. */
export const compactNumber = (n: number) =>
  n.toLocaleString("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** Steps of the y-axis: 1, 2, 2.5 or 5 times a power of ten, so every tick is a round figure. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return power * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10);
}

export const AXIS_STEPS = 4;

/** The y-axis' top: the smallest round figure at or above the peak, in four round steps. 0 stays 0. */
export function axisTop(peak: number): number {
  if (peak <= 0) return 0;
  return niceStep(peak / AXIS_STEPS) * AXIS_STEPS;
}

/** The y-axis ticks for a peak: 0 and four round steps up to axisTop (none while there is nothing). */
export const axisTicks = (peak: number): number[] => {
  const top = axisTop(peak);
  return top > 0 ? Array.from({ length: AXIS_STEPS + 1 }, (_, i) => (top * i) / AXIS_STEPS) : [0];
};

/**
 * Which day slots carry a date: counted back from today in steps of `every`, and none within
 * `every` slots of today, so the last two labels never run into each other ("Nov 19Today").
 */
export const labelledSlot = (i: number, count: number, every: number) => {
  const fromEnd = count - 1 - i;
  return fromEnd > 0 && fromEnd % every === 0;
};
