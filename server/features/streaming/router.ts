import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  checkIngestBody,
  createDestinationInput,
  destinationsInput,
  idInput,
  startStreamInput,
  stopStreamInput,
  streamStatusInput,
  updateDestinationInput,
} from "@shared/schemas/streaming";
import * as destinationCheck from "./destination-check";
import * as destinations from "./destinations";
import * as streams from "./streams";
import { systemInfo } from "./system-info";

export const streamingRouter = router({
  destinations: protectedProcedure
    .input(destinationsInput)
    .query(({ ctx, input }) => destinations.listDestinations(ctx.deps, ctx.user, input.projectId)),
  createDestination: protectedProcedure
    .input(createDestinationInput)
    .mutation(({ ctx, input }) => destinations.createDestination(ctx.deps, ctx.user, input)),
  updateDestination: protectedProcedure
    .input(updateDestinationInput)
    .mutation(({ ctx, input }) => destinations.updateDestination(ctx.deps, ctx.user, input)),
  deleteDestination: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => destinations.deleteDestination(ctx.deps, ctx.user, input.id)),
  /** "Check connection" for a saved destination (`{ id }`) or an address typed into the form. */
  checkDestination: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => destinationCheck.checkDestination(ctx.deps, ctx.user, input.id)),
  checkIngest: protectedProcedure
    .input(checkIngestBody)
    .mutation(({ ctx, input }) => destinationCheck.checkIngestUrl(ctx.deps, ctx.user, input)),
  start: protectedProcedure
    .input(startStreamInput)
    .mutation(({ ctx, input }) => streams.startStream(ctx.deps, ctx.user, input)),
  stop: protectedProcedure
    .input(stopStreamInput)
    .mutation(({ ctx, input }) => streams.stopStream(ctx.deps, ctx.user, input.streamId)),
  deleteStream: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => streams.deleteStream(ctx.deps, ctx.user, input.id)),
  status: protectedProcedure
    .input(streamStatusInput)
    .query(({ ctx, input }) => streams.streamStatus(ctx.deps, ctx.user, input.projectId)),
  systemInfo: protectedProcedure.query(({ ctx }) => systemInfo(ctx.deps, ctx.user)),
});
