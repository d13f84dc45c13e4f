import { PLAYLISTS } from "@shared/messages/playlists";
import { z } from "zod";
import { isoTime } from "./answers-common";
import { idSchema } from "./ids";
import { safeName } from "./names";

// Inputs and answers of the playlist calls, shared by their declarations and the form; the answer
// types are inferred from the answer schema.

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

/** A playlist as answered, its items in play order. Times are ISO strings. */
export const playlistView = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  items: z.array(z.object({ media_id: z.number().int(), name: z.string(), duration_seconds: z.number() })),
  total_duration_seconds: z.number(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type PlaylistView = z.infer<typeof playlistView>;
export type PlaylistItemView = PlaylistView["items"][number];
