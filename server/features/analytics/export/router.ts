import { getTimeline } from "@server/features/analytics/timeline/timeline";
import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { exportInput } from "@shared/schemas/analytics-export";
import { timelineInput } from "@shared/schemas/analytics-timeline";
import { exportLink } from "./export";

// The file itself streams from REST; here the console checks an export and gets its address, and
// reads the timeline.
export const analyticsExportRouter = router({
  link: protectedProcedure
    .input(exportInput)
    .query(({ ctx, input }) => exportLink(ctx.deps, ctx.user, input)),
  timeline: protectedProcedure
    .input(timelineInput)
    .query(({ ctx, input }) => getTimeline(ctx.deps, ctx.user, input)),
});
