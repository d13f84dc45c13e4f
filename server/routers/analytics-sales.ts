import { breakdownInput, refundsInput, saleEventsInput } from "../../shared/schemas/analytics-sales";
import { saleEvents } from "../services/sale-events";
import { salesBreakdown } from "../services/sales-breakdown";
import { refunds } from "../services/sales-refunds";
import { router } from "../trpc/init";
import { protectedProcedure } from "../trpc/procedures";

export const analyticsSalesRouter = router({
  breakdown: protectedProcedure
    .input(breakdownInput)
    .query(({ ctx, input }) => salesBreakdown(ctx.deps, ctx.user, input)),
  saleEvents: protectedProcedure
    .input(saleEventsInput)
    .query(({ ctx, input }) => saleEvents(ctx.deps, ctx.user, input)),
  refunds: protectedProcedure
    .input(refundsInput)
    .query(({ ctx, input }) => refunds(ctx.deps, ctx.user, input)),
});
