import type { AppDeps } from "../deps";
import { hasReviewDay, reviewFailure, sampleReviews } from "../services/review-days";
import { DailyPass, type DailyRun } from "./daily-pass";
import { watchedAppIds } from "./sampler";
import type { SamplerTimers } from "./timers";

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
