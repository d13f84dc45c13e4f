import type { AppDeps } from "@server/deps";
import { watchedAppIds } from "@server/features/analytics/players/sampler";
import { DailyPass, type DailyRun } from "@server/features/analytics/steam/daily-pass";
import { utcDate } from "@server/features/analytics/steam/dates";
import { maskKeys } from "@server/features/analytics/steam/errors";
import type { SamplerTimers } from "@server/features/analytics/steam/timers";
import { steamPriceDays, watchlistApps } from "@server/platform/db/schema";
import { log } from "@server/platform/log";
import { and, eq } from "drizzle-orm";
import { noteState, stateOfError, unknownToday } from "./app-states";

// The store's price, discount and release day of every watched app, once a UTC day: Steam keeps no
// price history, so the console builds its own. An app the store does not know is read once a day
// too, not every hour, so a typo on a watch list costs one call a day.

export type DetailsRun = DailyRun<"stored" | "unknown">;

/** Reads one app's appdetails and stores it as today's row; `success: false` stores nothing. */
export async function sampleDetails(deps: AppDeps, appId: number): Promise<"stored" | "unknown"> {
  const d = await deps.steam.appDetails(appId);
  const at = deps.now();
  if (!d) {
    await noteState(deps, appId, "details", "unknown_app");
    return "unknown";
  }
  const values = {
    name: d.name,
    isFree: d.isFree,
    currency: d.currency,
    initialCents: d.initialCents,
    finalCents: d.finalCents,
    discountPercent: d.discountPercent,
    releaseDate: d.releaseDate,
    comingSoon: d.comingSoon,
    genres: d.genres.join(", "),
    sampledAt: at,
  };
  await deps.db
    .insert(steamPriceDays)
    .values({ appId, date: utcDate(at), ...values })
    .onConflictDoUpdate({ target: [steamPriceDays.appId, steamPriceDays.date], set: values });
  // The store's name replaces the one the search showed when the game was added.
  await deps.db.update(watchlistApps).set({ name: d.name }).where(eq(watchlistApps.appId, appId));
  await noteState(deps, appId, "details", "ok");
  return "stored";
}

async function doneToday(deps: AppDeps, appId: number): Promise<boolean> {
  const today = utcDate(deps.now());
  const [row] = await deps.db
    .select({ d: steamPriceDays.date })
    .from(steamPriceDays)
    .where(and(eq(steamPriceDays.appId, appId), eq(steamPriceDays.date, today)));
  return Boolean(row) || (await unknownToday(deps, appId, "details"));
}

export class DetailsSampler extends DailyPass<"stored" | "unknown"> {
  constructor(deps: AppDeps, timers?: SamplerTimers) {
    super(
      {
        outcomes: ["stored", "unknown"],
        apps: () => watchedAppIds(deps),
        doneToday: (appId) => doneToday(deps, appId),
        run: (appId) => sampleDetails(deps, appId),
        failed: async (appId, err) => {
          log.warn(`Steam app details failed for app ${appId}: ${maskKeys((err as Error).message)}`, {
            component: "watchlist",
          });
          await noteState(deps, appId, "details", stateOfError(err));
        },
      },
      timers,
    );
  }
}
