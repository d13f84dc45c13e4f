// The refusals of the health timeline and uptime calls.
export const HEALTH = {
  invalidDays: "days must be a whole number from 1 to 30",
  invalidHours: "hours must be a whole number from 1 to 720",
} as const;
