import {
  fetchAllAppsInput,
  newsInput,
  overviewInput,
  projectOnlyInput,
  searchInput,
  settingsInput,
  syncInput,
  testFinancialApiInput,
  updateSettingsInput,
} from "../../shared/schemas/analytics";
import * as analytics from "../services/analytics";
import * as financial from "../services/analytics-financial";
import { router } from "../trpc/init";
import { adminProcedure, protectedProcedure } from "../trpc/procedures";

// Spec 2 sections 2.1-2.5 and spec 1's Admin Controls. Access and role checks live in the services,
// so the REST adapters get exactly the same rules.
export const analyticsRouter = router({
  news: protectedProcedure
    .input(newsInput)
    .query(({ ctx, input }) => analytics.getNews(ctx.deps, ctx.user, input)),
  overview: protectedProcedure
    .input(overviewInput)
    .query(({ ctx, input }) => analytics.getOverview(ctx.deps, ctx.user, input)),
  syncSteam: protectedProcedure
    .input(syncInput)
    .mutation(({ ctx, input }) => analytics.syncSteam(ctx.deps, ctx.user, input)),
  syncFinancial: protectedProcedure
    .input(syncInput)
    .mutation(({ ctx, input }) => financial.syncFinancialPeriod(ctx.deps, ctx.user, input)),
  fetchRecent: protectedProcedure
    .input(projectOnlyInput)
    .mutation(({ ctx, input }) => financial.fetchRecent(ctx.deps, ctx.user, input)),
  fetchAllHistory: protectedProcedure
    .input(projectOnlyInput)
    .mutation(({ ctx, input }) => financial.fetchAllHistory(ctx.deps, ctx.user, input)),
  fetchAllApps: adminProcedure
    .input(fetchAllAppsInput)
    .mutation(({ ctx, input }) => financial.fetchAllApps(ctx.deps, input)),
  testFinancialApi: protectedProcedure
    .input(testFinancialApiInput)
    .mutation(({ ctx, input }) =>
      financial.testFinancialApi(ctx.deps, ctx.user, { appId: input.appId!, partnerId: input.partnerId }),
    ),
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
