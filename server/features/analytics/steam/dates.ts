// Steam's sales dates are Pacific-time calendar days; player samples are bucketed by UTC day.

const pacific = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Pacific calendar day of an instant, YYYY-MM-DD. */
export const pacificDate = (ms: number): string => pacific.format(new Date(ms));

export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** YYYY-MM-DD plus n days (n may be negative), calendar arithmetic in UTC. */
export function addDays(date: string, n: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return utcDate(ms);
}

/** The `days` calendar days ending with `last`, oldest first. */
export function dayRange(last: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(last, i - days + 1));
}

/** GetChangedDatesForPartner answers "2026/04/01"; everything else here uses "2026-04-01". */
export const dashDate = (date: string): string => date.replaceAll("/", "-");
