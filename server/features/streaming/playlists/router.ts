import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  createPlaylistInput,
  playlistIdInput,
  playlistsInput,
  updatePlaylistInput,
} from "@shared/schemas/playlists";
import * as playlists from "./playlists";

export const playlistsRouter = router({
  list: protectedProcedure
    .input(playlistsInput)
    .query(({ ctx, input }) => playlists.listPlaylists(ctx.deps, ctx.user, input.projectId)),
  create: protectedProcedure
    .input(createPlaylistInput)
    .mutation(({ ctx, input }) => playlists.createPlaylist(ctx.deps, ctx.user, input)),
  update: protectedProcedure
    .input(updatePlaylistInput)
    .mutation(({ ctx, input }) => playlists.updatePlaylist(ctx.deps, ctx.user, input)),
  delete: protectedProcedure
    .input(playlistIdInput)
    .mutation(({ ctx, input }) => playlists.deletePlaylist(ctx.deps, ctx.user, input.id)),
});
