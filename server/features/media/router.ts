import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { mediaDeleteInput, mediaListInput } from "@shared/schemas/media";
import * as media from "./media";

// The non-upload calls; uploads and file bytes go over REST (multipart and range requests).
export const mediaRouter = router({
  list: protectedProcedure
    .input(mediaListInput)
    .query(({ ctx, input }) => media.listMedia(ctx.deps, ctx.user, input.projectId)),
  config: protectedProcedure.query(({ ctx }) => media.mediaConfig(ctx.deps)),
  delete: protectedProcedure
    .input(mediaDeleteInput)
    .mutation(({ ctx, input }) => media.deleteMedia(ctx.deps, ctx.user, input.id)),
});
