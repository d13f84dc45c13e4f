import { testFinancialApi } from "@server/features/analytics/financial/api-check";
import * as financial from "@server/features/analytics/financial/financial";
import { reviewsProcedure } from "@server/features/analytics/reviews/router";
import { wishlistProcedures } from "@server/features/analytics/wishlists/router";
import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  allAppsSyncInput,
  newsInput,
  overviewInput,
  projectOnlyInput,
  searchInput,
  settingsInput,
  syncInput,
  testFinancialApiInput,
  updateSettingsInput,
} from "@shared/schemas/analytics";
import { jobInput, type SyncJobStart } from "@shared/schemas/jobs";
import * as analytics from "./analytics";
import * as syncJobs from "./sync-jobs";

/** A sync starts in the background: the console gets the job to poll, not its result. */
const jobOf = (started: { id: number }): SyncJobStart => ({ jobId: started.id });

// Access and role checks live in the services, so the REST adapters get exactly the same rules.
export const analyticsRouter = router({
  ...wishlistProcedures,
  news: protectedProcedure
    .input(newsInput)
    .query(({ ctx, input }) => analytics.getNews(ctx.deps, ctx.user, input)),
  overview: protectedProcedure
    .input(overviewInput)
    .query(({ ctx, input }) => analytics.getOverview(ctx.deps, ctx.user, input)),
  reviews: reviewsProcedure,
  syncSteam: protectedProcedure
    .input(syncInput)
    .mutation(({ ctx, input }) => jobOf(analytics.syncSteam(ctx.deps, ctx.user, input))),
  syncFinancial: protectedProcedure
    .input(syncInput)
    .mutation(({ ctx, input }) => jobOf(financial.syncFinancialPeriod(ctx.deps, ctx.user, input))),
  syncFinancialRecent: protectedProcedure
    .input(projectOnlyInput)
    .mutation(({ ctx, input }) => jobOf(financial.syncFinancialRecent(ctx.deps, ctx.user, input))),
  syncFinancialHistory: protectedProcedure
    .input(projectOnlyInput)
    .mutation(({ ctx, input }) => jobOf(financial.syncFinancialHistory(ctx.deps, ctx.user, input))),
  syncAllApps: protectedProcedure
    .input(allAppsSyncInput)
    .mutation(({ ctx, input }) => jobOf(financial.syncAllApps(ctx.deps, ctx.user, input))),
  syncJob: protectedProcedure
    .input(jobInput)
    .query(({ ctx, input }) => syncJobs.getSyncJob(ctx.deps, ctx.user, input)),
  projectSyncJobs: protectedProcedure
    .input(projectOnlyInput)
    .query(({ ctx, input }) => syncJobs.projectSyncJobs(ctx.deps, ctx.user, input)),
  allAppsSyncJob: protectedProcedure.query(({ ctx }) => syncJobs.allAppsSyncJob(ctx.deps, ctx.user)),
  testFinancialApi: protectedProcedure
    .input(testFinancialApiInput)
    .mutation(({ ctx, input }) => testFinancialApi(ctx.deps, ctx.user, input)),
  search: protectedProcedure
    .input(searchInput)
    .query(async ({ ctx, input }) => ({ results: await analytics.searchGames(ctx.deps, input) })),
  settings: protectedProcedure
    .input(settingsInput)
    .query(({ ctx, input }) => analytics.getSettings(ctx.deps, ctx.user, input)),
  updateSettings: protectedProcedure
    .input(updateSettingsInput)
    .mutation(({ ctx, input }) => analytics.updateSettings(ctx.deps, ctx.user, input)),
});
