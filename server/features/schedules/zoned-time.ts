// Wall-clock time in an IANA zone <-> instants, with the runtime's Intl tables only (no dependency).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the zone by this name. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (ms). */
function wallAsUtc(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at `instant`, in ms (negative west of Greenwich). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc(whole, timeZone) - whole;
}

/** The calendar date in `timeZone` at `instant`. */
export function localDateAt(instant: number, timeZone: string): LocalDate {
  const wall = new Date(wallAsUtc(instant, timeZone));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

/** `date` moved by `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: LocalDate) => new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();

/**
 * The instant the wall clock in `timeZone` reads `date` at `minutes` past midnight. Like a person
 * reading the clock: a time skipped by a spring-forward (02:30) is taken with the offset before the
 * change, so it lands as far after the change as it was after the skipped hour's start (03:30); a time
 * that happens twice in a fall-back (01:30) is the first of the two.
 */
export function zonedInstant(date: LocalDate, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.y, date.m - 1, date.d, 0, minutes);
  const day = 86_400_000;
  const before = wall - offsetAt(wall - day, timeZone);
  const after = wall - offsetAt(wall + day, timeZone);
  const fits = (t: number) => wallAsUtc(t, timeZone) === wall;
  const candidates = [before, after].filter(fits);
  if (candidates.length) return Math.min(...candidates);
  return before;
}
