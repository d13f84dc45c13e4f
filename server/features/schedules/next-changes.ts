import type { Db } from "@server/platform/db/client";
import { schedules } from "@server/platform/db/schema";
import type { NextScheduleChange } from "@shared/schemas/schedules";
import { inArray } from "drizzle-orm";
import { ruleOf } from "./rules";
import { nextChange } from "./windows";

/** Each destination's next scheduled start or stop, for the destination cards. */
export async function nextChanges(
  db: Db,
  destinationIds: number[],
  now: number,
): Promise<Map<number, NextScheduleChange | null>> {
  const out = new Map<number, NextScheduleChange | null>();
  if (destinationIds.length === 0) return out;
  const rows = await db.select().from(schedules).where(inArray(schedules.destinationId, destinationIds));
  for (const id of destinationIds) {
    const mine = rows.filter((r) => r.destinationId === id);
    const held = Math.max(0, ...mine.map((r) => r.heldUntil ?? 0));
    out.set(id, mine.length ? nextChange(mine.map(ruleOf), now, held > now ? held : null) : null);
  }
  return out;
}
