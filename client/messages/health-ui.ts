import { formatPercent } from "@shared/format";
import { UPTIME_MIN_INTENDED_SECONDS } from "@shared/limits";

// Labels of the health timeline (history row), the uptime line (destination card) and the
// dashboard's lowest uptime.
/** 40 s, 7 min, 2 h 5 min: the intended time shown beside a figure over a short one. */
export const shortDuration = (seconds: number) => {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  const m = Math.floor((seconds % 3600) / 60);
  return `${Math.floor(seconds / 3600)} h${m ? ` ${m} min` : ""}`;
};

/** What the card reads of an uptime answer: a percent, and the intended time when it was short. */
export interface UptimeFigure {
  uptime_percent: number | null;
  intended_seconds: number;
}

const percentOrDash = (f: UptimeFigure | null | undefined) => {
  if (!f || f.uptime_percent === null) return "—";
  const short = f.intended_seconds < UPTIME_MIN_INTENDED_SECONDS;
  return short
    ? `${formatPercent(f.uptime_percent)} of ${shortDuration(f.intended_seconds)}`
    : formatPercent(f.uptime_percent);
};

export const HEALTH_UI = {
  uptime: (day: UptimeFigure | null | undefined, week: UptimeFigure | null | undefined) =>
    `Uptime 24 h ${percentOrDash(day)} · 7 d ${percentOrDash(week)}`,
  storePageUptime: (day: number | null | undefined, week: number | null | undefined) =>
    `On the store page 24 h ${day == null ? "—" : formatPercent(day)} · 7 d ${week == null ? "—" : formatPercent(week)}`,
  storePageUptimeHint:
    "Share of the time the destination was meant to be live that Steam showed it on the game's store page.",
  uptimeHint: "Share of the time the destination was meant to be live that it really was publishing.",
  worstUptimeLabel: "Lowest uptime (7 d)",
  worstUptime: (percent: number, destination: string, project: string) =>
    `${formatPercent(percent)} · ${destination} (${project})`,
  worstUptimeNone: `No broadcast was meant to be live for ${UPTIME_MIN_INTENDED_SECONDS / 60} minutes or more in the last 7 days.`,
  timelineTitle: "Health",
  timelineEmpty: "No health samples were kept for this stream.",
  bitrate: "Bitrate (kbps)",
  fps: "FPS",
  drops: "Dropped frames",
  plannedReconnect: "Planned reconnect",
  plannedReconnectHint:
    "The stream reconnected on purpose, as planned, and went on after a gap of a few seconds. It is not a failure.",
} as const;
