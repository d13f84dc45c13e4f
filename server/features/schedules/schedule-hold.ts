import type { Db } from "@server/platform/db/client";
import { schedules } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { ruleOf } from "./rules";
import { activeOccurrence } from "./windows";

/**
 * A person stopped the destination's stream: a window running now is held until it ends, so the
 * scheduler does not start it again; the next window starts as usual.
 */
export async function holdRunningWindow(db: Db, destinationId: number, now: number): Promise<void> {
  const rows = await db.select().from(schedules).where(eq(schedules.destinationId, destinationId));
  for (const row of rows) {
    const running = activeOccurrence(ruleOf(row), now);
    if (running) await db.update(schedules).set({ heldUntil: running.end }).where(eq(schedules.id, row.id));
  }
}
