import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import { playlistView } from "@shared/schemas/answers-projects";
import { createPlaylistInput, updatePlaylistFields } from "@shared/schemas/playlists";

export const playlistsArea = apiArea(
  "Playlists",
  "Ordered lists of a project's videos, streamed one after another.",
  [
    {
      method: "get",
      path: "/playlists/:id",
      ids: { id: "The project's id." },
      summary: "A project's playlists",
      answer: { description: "Playlists with their items.", schema: playlistView.array() },
    },
    {
      method: "post",
      path: "/playlists",
      summary: "Create a playlist",
      body: createPlaylistInput,
      answer: { status: 201, description: "The new playlist.", schema: playlistView },
      errors: [403, 404],
    },
    {
      method: "put",
      path: "/playlists/:id",
      ids: { id: "The playlist's id." },
      summary: "Rename or reorder a playlist",
      body: updatePlaylistFields,
      answer: { description: "The playlist.", schema: playlistView },
      errors: [403, 409],
    },
    {
      method: "delete",
      path: "/playlists/:id",
      ids: { id: "The playlist's id." },
      summary: "Delete a playlist (refused while it streams)",
      answer: { description: "Deleted.", schema: successAnswer },
      errors: [403, 409],
    },
  ],
);
