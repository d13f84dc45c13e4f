import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import {
  createPlaylistInput,
  playlistIdInput,
  playlistsInput,
  playlistView,
  updatePlaylistInput,
} from "@shared/schemas/playlists";
import * as playlists from "./playlists";

// The playlist calls, each declared once. `/playlists/{id}` is one path to a client: the id is a
// project's on GET, a playlist's on PUT and DELETE.
export const playlistCalls = {
  list: call({
    auth: "user",
    input: playlistsInput,
    rest: {
      method: "get",
      path: "/playlists/:id",
      params: { id: "projectId" },
      idLabels: { id: "projectId" },
    },
    doc: {
      summary: "A project's playlists",
      ids: { id: "The project's id." },
      answer: { description: "Playlists with their items.", schema: playlistView.array() },
    },
    handler: ({ deps, user }, input) => playlists.listPlaylists(deps, user, input.projectId),
  }),
  create: call({
    auth: "user",
    input: createPlaylistInput,
    rest: { method: "post", path: "/playlists" },
    doc: {
      summary: "Create a playlist",
      answer: { status: 201, description: "The new playlist.", schema: playlistView },
      errors: [403, 404],
    },
    handler: ({ deps, user }, input) => playlists.createPlaylist(deps, user, input),
  }),
  update: call({
    auth: "user",
    input: updatePlaylistInput,
    rest: { method: "put", path: "/playlists/:id", params: { id: "id" } },
    doc: {
      summary: "Rename or reorder a playlist",
      ids: { id: "The playlist's id." },
      answer: { description: "The playlist.", schema: playlistView },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => playlists.updatePlaylist(deps, user, input),
  }),
  delete: call({
    auth: "user",
    input: playlistIdInput,
    rest: { method: "delete", path: "/playlists/:id", params: { id: "id" } },
    doc: {
      summary: "Delete a playlist (refused while it streams)",
      ids: { id: "The playlist's id." },
      answer: { description: "Deleted.", schema: successAnswer },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => playlists.deletePlaylist(deps, user, input.id),
  }),
};

export const playlistsRouter = trpcRouter(playlistCalls);
export const playlistsRest = restRoutes(playlistCalls);
export const playlistsArea = apiArea(
  "Playlists",
  "Ordered lists of a project's videos, streamed one after another.",
  openApiRoutes(playlistCalls),
);
