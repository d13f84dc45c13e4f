import type { AppDeps } from "@server/deps";
import { pacificDate } from "@server/features/analytics/steam/dates";
import { projects, steamRefundAlerts } from "@server/platform/db/schema";
import { SALES } from "@shared/messages/analytics-sales";
import { and, eq, isNotNull } from "drizzle-orm";
import { refundDays } from "./sales-refunds";

// After each sales sync: every project with sales analytics gets an `analytics.refund_spike` event
// per new spike day. Only the last week is looked at, so the first sync of a year of history does
// not flood the webhooks with old spikes. The day is recorded before the event goes out, so a
// restart or a re-sync of the same date never sends it twice.

export const ALERT_WINDOW_DAYS = 7;

export async function checkRefundSpikes(deps: AppDeps): Promise<number> {
  const watched = await deps.db
    .select({ id: projects.id, appId: projects.steamAppId })
    .from(projects)
    .where(and(eq(projects.financialAnalyticsEnabled, true), isNotNull(projects.steamAppId)));
  const today = pacificDate(deps.now());
  let sent = 0;
  for (const p of watched) {
    for (const day of await refundDays(deps, p.appId!, today, ALERT_WINDOW_DAYS)) {
      if (!day.spike) continue;
      const added = await deps.db
        .insert(steamRefundAlerts)
        .values({ projectId: p.id, date: day.date, sentAt: deps.now() })
        .onConflictDoNothing()
        .returning({ date: steamRefundAlerts.date });
      if (added.length === 0) continue;
      deps.events.emit({
        type: "analytics.refund_spike",
        projectId: p.id,
        at: deps.now(),
        message: SALES.refundSpike(day.date, day.returnedUnits, day.refundRate ?? 0, day.baselineRate ?? 0),
      });
      sent += 1;
    }
  }
  return sent;
}
