import type { AppDeps } from "@server/deps";
import { schedules } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { ruleOf } from "./rules";
import { activeOccurrence } from "./windows";

/**
 * A person stopped the destination's stream: a window running now is held until it ends, so the
 * scheduler does not start it again; the next window starts as usual.
 */
export function holdRunningWindow(deps: AppDeps, destinationId: number | null): void {
  if (destinationId === null) return;
  const now = deps.now();
  const rows = deps.db.select().from(schedules).where(eq(schedules.destinationId, destinationId)).all();
  for (const row of rows) {
    const running = activeOccurrence(ruleOf(row), now);
    if (running)
      deps.db.update(schedules).set({ heldUntil: running.end }).where(eq(schedules.id, row.id)).run();
  }
}
