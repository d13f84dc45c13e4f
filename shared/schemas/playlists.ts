import { PLAYLISTS } from "@shared/messages/playlists";
import { z } from "zod";
import { idSchema } from "./ids";
import { safeName } from "./names";

// Inputs and answers of the playlist calls, shared by the tRPC procedures, the REST adapters and the form.

export const PLAYLIST_NAME_MAX = 100;
/** A cap that keeps the list file, the answer and the form small; a week-long loop needs far fewer. */
export const PLAYLIST_MAX_ITEMS = 100;

const nameSchema = safeName(
  z
    .string(PLAYLISTS.nameRequired)
    .trim()
    .min(1, PLAYLISTS.nameRequired)
    .max(PLAYLIST_NAME_MAX, PLAYLISTS.nameTooLong(PLAYLIST_NAME_MAX)),
);

const mediaIdsSchema = z
  .array(idSchema, PLAYLISTS.empty)
  .min(1, PLAYLISTS.empty)
  .max(PLAYLIST_MAX_ITEMS, PLAYLISTS.tooMany(PLAYLIST_MAX_ITEMS));

export const playlistsInput = z.object({ projectId: idSchema }).strict();
export const createPlaylistInput = z
  .object({ project_id: idSchema, name: nameSchema, media_ids: mediaIdsSchema })
  .strict();
export const updatePlaylistInput = z
  .object({ name: nameSchema.optional(), media_ids: mediaIdsSchema.optional(), id: idSchema })
  .strict();
export const playlistIdInput = z.object({ id: idSchema }).strict();

export type CreatePlaylistInput = z.infer<typeof createPlaylistInput>;
export type UpdatePlaylistInput = z.infer<typeof updatePlaylistInput>;

export interface PlaylistItemView {
  media_id: number;
  name: string;
  duration_seconds: number;
}

export interface PlaylistView {
  id: number;
  project_id: number;
  name: string;
  items: PlaylistItemView[];
  total_duration_seconds: number;
  created_at: string;
  updated_at: string;
}
