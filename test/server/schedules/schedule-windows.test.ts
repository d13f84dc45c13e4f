import { describe, expect, test } from "bun:test";
import {
  activeOccurrence,
  firstOverlap,
  nextChange,
  occurrences,
  type WindowRule,
} from "@server/features/schedules/windows";
import { isTimeZone, zonedInstant } from "@server/features/schedules/zoned-time";

const LA = "America/Los_Angeles";
const at = (iso: string) => Date.parse(iso);
const weekly = (days: string[], from: string, to: string, timeZone = LA): WindowRule => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return { kind: "weekly", days: days as never, from: m(from), to: m(to), timeZone };
};

describe("wall-clock time in a zone", () => {
  test("knows IANA names and refuses others", () => {
    expect(isTimeZone(LA)).toBe(true);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  test("a time skipped by spring-forward lands as far past the change (02:30 → 03:30 PDT)", () => {
    expect(zonedInstant({ y: 2027, m: 3, d: 14 }, 2 * 60 + 30, LA)).toBe(at("2027-03-14T10:30:00Z"));
  });

  test("a time that happens twice in fall-back is the first of the two", () => {
    expect(zonedInstant({ y: 2026, m: 11, d: 1 }, 60 + 30, LA)).toBe(at("2026-11-01T08:30:00Z"));
  });
});

describe("weekly windows keep their wall-clock time across DST", () => {
  test("Sunday 10:00 Pacific before and after the 2026-11-01 fall-back", () => {
    const rule = weekly(["sun"], "10:00", "12:00");
    const occ = occurrences(rule, at("2026-10-24T00:00:00Z"), at("2026-11-03T00:00:00Z"));
    expect(occ).toEqual([
      { start: at("2026-10-25T17:00:00Z"), end: at("2026-10-25T19:00:00Z") },
      { start: at("2026-11-01T18:00:00Z"), end: at("2026-11-01T20:00:00Z") },
    ]);
  });

  test("Sunday 10:00 Pacific before and after the 2027-03-14 spring-forward", () => {
    const rule = weekly(["sun"], "10:00", "12:00");
    const occ = occurrences(rule, at("2027-03-06T00:00:00Z"), at("2027-03-15T00:00:00Z"));
    expect(occ.map((o) => o.start)).toEqual([at("2027-03-07T18:00:00Z"), at("2027-03-14T17:00:00Z")]);
  });

  test("an overnight window ends the next day, and lasts an hour longer on the fall-back night", () => {
    const rule = weekly(["fri", "sat"], "22:00", "02:00");
    const fri = activeOccurrence(rule, at("2026-11-07T09:00:00Z")); // Saturday 01:00 PST
    expect(fri).toEqual({ start: at("2026-11-07T06:00:00Z"), end: at("2026-11-07T10:00:00Z") });
    const sat = activeOccurrence(rule, at("2026-11-01T09:30:00Z")); // Sunday 01:30 PST
    expect(sat).toEqual({ start: at("2026-11-01T05:00:00Z"), end: at("2026-11-01T10:00:00Z") });
    expect(activeOccurrence(rule, at("2026-11-07T10:00:00Z"))).toBeNull();
  });
});

describe("overlaps", () => {
  test("two weekly windows in different zones meet only while the US and Europe disagree on DST", () => {
    const pacific = weekly(["mon"], "10:00", "11:00");
    const london = weekly(["mon"], "17:00", "18:00", "Europe/London");
    const from = at("2026-12-01T00:00:00Z");
    expect(firstOverlap(pacific, london, from)).toEqual({
      start: at("2027-03-15T17:00:00Z"),
      end: at("2027-03-15T18:00:00Z"),
    });
    expect(firstOverlap(pacific, london, from, 60 * 86_400_000)).toBeNull();
  });

  test("one-off against weekly and one-off against one-off; touching windows do not overlap", () => {
    const mon = weekly(["mon"], "10:00", "11:00");
    const inside: WindowRule = {
      kind: "once",
      startsAt: at("2026-12-07T18:30:00Z"),
      endsAt: at("2026-12-07T20:00:00Z"),
    };
    const after: WindowRule = {
      kind: "once",
      startsAt: at("2026-12-07T19:00:00Z"),
      endsAt: at("2026-12-07T20:00:00Z"),
    };
    const from = at("2026-12-01T00:00:00Z");
    expect(firstOverlap(mon, inside, from)).not.toBeNull();
    expect(firstOverlap(mon, after, from)).toBeNull();
    expect(firstOverlap(inside, after, from)).toEqual({
      start: after.kind === "once" ? after.startsAt : 0,
      end: at("2026-12-07T20:00:00Z"),
    });
  });
});

describe("the next change", () => {
  const rule = weekly(["sun"], "10:00", "12:00");
  test("inside a window: its stop; outside: the next start", () => {
    expect(nextChange([rule], at("2026-11-01T19:00:00Z"))).toEqual({
      action: "stop",
      at: at("2026-11-01T20:00:00Z"),
    });
    expect(nextChange([rule], at("2026-11-01T21:00:00Z"))).toEqual({
      action: "start",
      at: at("2026-11-08T18:00:00Z"),
    });
    expect(nextChange([], at("2026-11-01T21:00:00Z"))).toBeNull();
  });

  test("a one-off window weeks ahead is the next start", () => {
    const later: WindowRule = {
      kind: "once",
      startsAt: at("2027-01-20T18:00:00Z"),
      endsAt: at("2027-01-20T19:00:00Z"),
    };
    expect(nextChange([later], at("2026-11-01T21:00:00Z"))).toEqual({ action: "start", at: later.startsAt });
  });

  test("a held window answers the start of the next one", () => {
    expect(nextChange([rule], at("2026-11-01T19:00:00Z"), at("2026-11-01T20:00:00Z"))).toEqual({
      action: "start",
      at: at("2026-11-08T18:00:00Z"),
    });
  });
});
