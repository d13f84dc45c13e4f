import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, requireUser } from "@server/platform/http/request";
import { createPlaylistInput, updatePlaylistFields } from "@shared/schemas/playlists";
import type { Hono } from "hono";
import * as playlists from "./playlists";

// The playlist calls. Each adapter: parse, call the service, answer. `/playlists/{id}` is one path to
// a client: the id is a project's on GET, a playlist's on PUT and DELETE.
export function playlistsRest(api: Hono<AppEnv>) {
  api.get("/playlists/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(playlists.listPlaylists(c.var.deps, user, idParam(c, "id", "projectId")));
  });
  api.post("/playlists", async (c) => {
    const { user } = requireUser(c);
    const input = await jsonBody(c, createPlaylistInput);
    return c.json(playlists.createPlaylist(c.var.deps, user, input), 201);
  });
  api.put("/playlists/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const fields = await jsonBody(c, updatePlaylistFields);
    return c.json(playlists.updatePlaylist(c.var.deps, user, { ...fields, id }));
  });
  api.delete("/playlists/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(playlists.deletePlaylist(c.var.deps, user, idParam(c)));
  });
}
