import type { AppDeps } from "@server/deps";
import { DailyPass } from "@server/features/analytics/steam/daily-pass";
import { utcDate } from "@server/features/analytics/steam/dates";
import type { SamplerTimers } from "@server/features/analytics/steam/timers";
import { projects } from "@server/platform/db/schema";
import { log } from "@server/platform/log";
import { and, eq, isNotNull } from "drizzle-orm";
import { syncAppWishlists } from "./wishlist-sync";

// Wishlists move every day while nobody syncs: once a UTC day, every app a project watches with
// financial analytics on gets its missing days and the two newest (which Steam still fills in),
// without anyone pressing a sync button. Only with a partner key: without one there is nothing to ask.

async function financialAppIds(deps: AppDeps): Promise<number[]> {
  if (!deps.env.STEAM_PARTNER_API_KEY) return [];
  return (
    await deps.db
      .selectDistinct({ appId: projects.steamAppId })
      .from(projects)
      .where(and(eq(projects.financialAnalyticsEnabled, true), isNotNull(projects.steamAppId)))
  )
    .map((r) => r.appId!)
    .sort((a, b) => a - b);
}

export class WishlistSampler extends DailyPass<"synced"> {
  constructor(deps: AppDeps, timers?: SamplerTimers) {
    // The day each app was last synced; a restart syncs once more, which costs a few calls.
    const syncedOn = new Map<number, string>();
    super(
      {
        outcomes: ["synced"],
        apps: () => financialAppIds(deps),
        doneToday: (appId) => syncedOn.get(appId) === utcDate(deps.now()),
        run: async (appId) => {
          await syncAppWishlists(deps, appId);
          syncedOn.set(appId, utcDate(deps.now()));
          return "synced";
        },
        failed: (appId, err) =>
          log.warn(`daily wishlist sync for app ${appId} failed: ${(err as Error).message ?? String(err)}`, {
            component: "steam",
          }),
      },
      timers,
    );
  }
}
