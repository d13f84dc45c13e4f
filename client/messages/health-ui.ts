import { formatPercent } from "@shared/format";

// Labels of the health timeline (history row), the uptime line (destination card) and the
// dashboard's lowest uptime.
const percentOrDash = (p: number | null | undefined) =>
  p === null || p === undefined ? "—" : formatPercent(p);

export const HEALTH_UI = {
  uptime: (day: number | null | undefined, week: number | null | undefined) =>
    `Uptime 24 h ${percentOrDash(day)} · 7 d ${percentOrDash(week)}`,
  uptimeHint: "Share of the time the destination was meant to be live that it really was publishing.",
  worstUptimeLabel: "Lowest uptime (7 d)",
  worstUptime: (percent: number, destination: string, project: string) =>
    `${formatPercent(percent)} · ${destination} (${project})`,
  worstUptimeNone: "No broadcast was meant to be live in the last 7 days.",
  timelineTitle: "Health",
  timelineEmpty: "No health samples were kept for this stream.",
  bitrate: "Bitrate (kbps)",
  fps: "FPS",
  drops: "Dropped frames",
} as const;
