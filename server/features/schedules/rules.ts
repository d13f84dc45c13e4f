import type { schedules } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { SCHEDULES } from "@shared/messages/schedules";
import type { ScheduleFields } from "@shared/schemas/schedules";
import { DAY_MS, parseClock, type Weekday, type WindowRule } from "./windows";
import { isTimeZone } from "./zoned-time";

export type ScheduleRow = typeof schedules.$inferSelect;

/** A one-off window longer than this is almost surely a typo (a month for a day). */
const ONCE_MAX_MS = 31 * DAY_MS;

/** The stored window as a rule for the maths. */
export function ruleOf(row: ScheduleRow): WindowRule {
  if (row.kind === "once") return { kind: "once", startsAt: row.startsAt ?? 0, endsAt: row.endsAt ?? 0 };
  return {
    kind: "weekly",
    days: JSON.parse(row.days ?? "[]") as Weekday[],
    from: parseClock(row.fromTime ?? "") ?? 0,
    to: parseClock(row.toTime ?? "") ?? 0,
    timeZone: row.timezone ?? "UTC",
  };
}

/** Checks the body's window and turns it into a rule; 400 with a plain sentence when it is not one. */
export function ruleFromFields(f: ScheduleFields, now: number): WindowRule {
  const once = f.starts_at !== undefined || f.ends_at !== undefined;
  const weekly =
    f.days !== undefined || f.from !== undefined || f.to !== undefined || f.timezone !== undefined;
  if (once === weekly) throw badRequest(SCHEDULES.kindRequired);
  if (once) {
    if (f.starts_at === undefined || f.ends_at === undefined) throw badRequest(SCHEDULES.kindRequired);
    if (f.ends_at <= f.starts_at) throw badRequest(SCHEDULES.endBeforeStart);
    if (f.ends_at <= now) throw badRequest(SCHEDULES.startInPast);
    if (f.ends_at - f.starts_at > ONCE_MAX_MS) throw badRequest(SCHEDULES.windowTooLong);
    return { kind: "once", startsAt: f.starts_at, endsAt: f.ends_at };
  }
  if (!f.days || f.from === undefined || f.to === undefined || f.timezone === undefined)
    throw badRequest(SCHEDULES.kindRequired);
  if (!isTimeZone(f.timezone)) throw badRequest(SCHEDULES.timezoneInvalid);
  const from = parseClock(f.from);
  const to = parseClock(f.to);
  if (from === null || to === null) throw badRequest(SCHEDULES.clockInvalid);
  if (from === to) throw badRequest(SCHEDULES.emptyWindow);
  return { kind: "weekly", days: [...new Set(f.days)], from, to, timeZone: f.timezone };
}
