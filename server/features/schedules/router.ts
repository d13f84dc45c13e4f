import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { createScheduleInput, destinationSchedulesInput, scheduleIdInput } from "@shared/schemas/schedules";
import * as schedules from "./schedules";

export const schedulesRouter = router({
  list: protectedProcedure
    .input(destinationSchedulesInput)
    .query(({ ctx, input }) => schedules.listSchedules(ctx.deps, ctx.user, input.destinationId)),
  create: protectedProcedure.input(createScheduleInput).mutation(({ ctx, input }) => {
    const { destination_id, ...fields } = input;
    return schedules.createSchedule(ctx.deps, ctx.user, destination_id, fields);
  }),
  delete: protectedProcedure
    .input(scheduleIdInput)
    .mutation(({ ctx, input }) => schedules.deleteSchedule(ctx.deps, ctx.user, input.id)),
});
