import type { Db } from "@server/platform/db/client";
import type { NextScheduleChange } from "@shared/schemas/schedules";

/**
 * What streaming asks of the schedules. The schedules are built on streaming (a window starts and
 * stops streams), so streaming cannot import them: the composition root passes these in.
 */
export interface ScheduleLinks {
  /** A person stopped the destination's stream: a window running now is held until it ends. */
  holdRunningWindow(db: Db, destinationId: number, now: number): Promise<void>;
  /** Each destination's next scheduled start or stop, for the destination cards. */
  nextChanges(db: Db, destinationIds: number[], now: number): Promise<Map<number, NextScheduleChange | null>>;
  /** The refusal to delete a playlist that a broadcast window streams, or null. */
  playlistHold(db: Pick<Db, "select">, playlistId: number): Promise<string | null>;
}
