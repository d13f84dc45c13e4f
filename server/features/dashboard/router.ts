import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { clearEndedInput } from "@shared/schemas/streaming";
import * as dashboard from "./dashboard";

export const dashboardRouter = router({
  stats: protectedProcedure.query(({ ctx }) => dashboard.dashboardStats(ctx.deps, ctx.user)),
  recentActivity: protectedProcedure.query(({ ctx }) => dashboard.recentActivity(ctx.deps, ctx.user)),
  /** Admin only; the service answers 403 for others, with its own message. */
  clearEndedStreams: protectedProcedure
    .input(clearEndedInput)
    .mutation(({ ctx, input }) => dashboard.clearEndedStreams(ctx.deps, ctx.user, input)),
});
