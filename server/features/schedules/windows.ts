import { addDays, type LocalDate, localDateAt, weekdayOf, zonedInstant } from "./zoned-time";

// Broadcast windows as instants: pure maths, no database, no clock of its own.

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type WindowRule =
  | { kind: "once"; startsAt: number; endsAt: number }
  /** `from`/`to` are minutes after local midnight; `to` ≤ `from` ends on the next day. */
  | { kind: "weekly"; days: Weekday[]; from: number; to: number; timeZone: string };

export interface Occurrence {
  start: number;
  end: number;
}

export const DAY_MS = 86_400_000;
/** How far ahead overlaps are looked for: a year holds every pairing of two weekly rules and DST. */
export const OVERLAP_HORIZON_MS = 366 * DAY_MS;

/** "HH:MM" (24 h) → minutes after midnight; null when it is not a time of day. */
export function parseClock(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const formatClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function weeklyOccurrence(rule: Extract<WindowRule, { kind: "weekly" }>, date: LocalDate): Occurrence {
  const start = zonedInstant(date, rule.from, rule.timeZone);
  const endDate = rule.to > rule.from ? date : addDays(date, 1);
  return { start, end: zonedInstant(endDate, rule.to, rule.timeZone) };
}

/** The rule's occurrences that overlap [from, to), in order. */
export function occurrences(rule: WindowRule, from: number, to: number): Occurrence[] {
  if (rule.kind === "once") {
    return rule.endsAt > from && rule.startsAt < to ? [{ start: rule.startsAt, end: rule.endsAt }] : [];
  }
  const days = new Set(rule.days.map((d) => WEEKDAYS.indexOf(d)));
  const out: Occurrence[] = [];
  // From the day before: an overnight occurrence that began yesterday may still be running.
  let date = addDays(localDateAt(from, rule.timeZone), -1);
  const last = localDateAt(to, rule.timeZone);
  for (let i = 0; i < 400; i++) {
    if (days.has(weekdayOf(date))) {
      const occ = weeklyOccurrence(rule, date);
      if (occ.end > from && occ.start < to && occ.end > occ.start) out.push(occ);
    }
    if (date.y === last.y && date.m === last.m && date.d === last.d) break;
    date = addDays(date, 1);
  }
  return out;
}

/** The first time at which both rules want the destination live within [from, from + horizon), or null. */
export function firstOverlap(
  a: WindowRule,
  b: WindowRule,
  from: number,
  horizon = OVERLAP_HORIZON_MS,
): Occurrence | null {
  const xs = occurrences(a, from, from + horizon);
  const ys = occurrences(b, from, from + horizon);
  let i = 0;
  let j = 0;
  for (let x = xs[i], y = ys[j]; x && y; x = xs[i], y = ys[j]) {
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (start < end) return { start, end };
    if (x.end <= y.end) i++;
    else j++;
  }
  return null;
}

/** The occurrence running at `now` (start inclusive, end exclusive), if any. */
export function activeOccurrence(rule: WindowRule, now: number): Occurrence | null {
  return occurrences(rule, now, now + 1).find((o) => o.start <= now && now < o.end) ?? null;
}

/** The first occurrence that starts after `now` (strictly); a weekly rule's within the horizon. */
export function nextStart(rule: WindowRule, now: number, horizon = 8 * DAY_MS): number | null {
  // A one-off window may lie weeks ahead; a weekly one recurs within the horizon.
  if (rule.kind === "once") return rule.startsAt > now ? rule.startsAt : null;
  const upcoming = occurrences(rule, now, now + horizon).find((o) => o.start > now);
  return upcoming?.start ?? null;
}

export type NextChange = { action: "start" | "stop"; at: number };

/**
 * What the scheduler does next on a destination: stop at the end of the running window, or start at
 * the earliest upcoming one. `heldUntil` is a manual stop's hold: the running window is skipped.
 */
export function nextChange(
  rules: WindowRule[],
  now: number,
  heldUntil: number | null = null,
): NextChange | null {
  if (heldUntil === null || heldUntil <= now) {
    for (const rule of rules) {
      const running = activeOccurrence(rule, now);
      if (running) return { action: "stop", at: running.end };
    }
  }
  const after = heldUntil !== null && heldUntil > now ? heldUntil - 1 : now;
  const starts = rules.map((r) => nextStart(r, after)).filter((t): t is number => t !== null);
  return starts.length ? { action: "start", at: Math.min(...starts) } : null;
}
