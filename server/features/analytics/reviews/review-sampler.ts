import type { AppDeps } from "@server/deps";
import { watchedAppIds } from "@server/features/analytics/players/sampler";
import { DailyPass, type DailyRun } from "@server/features/analytics/steam/daily-pass";
import type { SamplerTimers } from "@server/features/analytics/steam/timers";
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
        doneToday: (appId) => hasReviewDay(deps, appId),
        run: async (appId) => ((await sampleReviews(deps, appId)) === "stored" ? "stored" : "noSummary"),
        failed: reviewFailure,
      },
      timers,
    );
  }
}
