import type { AppDeps } from "@server/deps";
import { watchedAppIds } from "@server/features/analytics/players/sampler";
import { DailyPass, type DailyRun } from "@server/features/analytics/steam/daily-pass";
import type { SamplerTimers } from "@server/features/analytics/steam/timers";
import {
  isOwnApp,
  noteState,
  stateOfError,
  unknownToday,
} from "@server/features/analytics/watchlist/app-states";
import { hasReviewDay, reviewFailure, sampleReviews } from "./review-days";

// The store's review summary changes slowly and Steam keeps no history of it: once a UTC day, every
// app some project watches gets a row.

export type ReviewRun = DailyRun<"stored" | "noSummary">;

export class ReviewSampler extends DailyPass<"stored" | "noSummary"> {
  constructor(deps: AppDeps, timers?: SamplerTimers) {
    super(
      {
        outcomes: ["stored", "noSummary"],
        apps: () => watchedAppIds(deps),
        // An app only watched (no project's own game) that Steam does not know waits for tomorrow.
        doneToday: async (appId) =>
          (await hasReviewDay(deps, appId)) ||
          ((await unknownToday(deps, appId, "reviews")) && !(await isOwnApp(deps, appId))),
        run: async (appId) => {
          const outcome = await sampleReviews(deps, appId);
          const state = outcome === "no_summary" ? "unknown_app" : outcome === "stored" ? "ok" : "no_reviews";
          await noteState(deps, appId, "reviews", state);
          return outcome === "no_summary" ? "noSummary" : "stored";
        },
        failed: (appId, err) => {
          reviewFailure(appId, err);
          return noteState(deps, appId, "reviews", stateOfError(err));
        },
      },
      timers,
    );
  }
}
