// Texts of the health timeline and the uptime record, shared by the server's refusals and the screens.
export const HEALTH = {
  invalidDays: "days must be a whole number from 1 to 30",
  invalidHours: "hours must be a whole number from 1 to 720",
  uptimeLabel: "Uptime",
  uptimeDay: "24 h",
  uptimeWeek: "7 d",
  noUptime: "—",
  worstUptimeLabel: "Lowest uptime (7 d)",
  worstUptimeNone: "No broadcast was wanted live in the last 7 days",
  timelineTitle: "Health",
  timelineEmpty: "No health samples were kept for this stream.",
  bitrate: "Bitrate (kbps)",
  fps: "FPS",
  drops: "Dropped frames",
} as const;
