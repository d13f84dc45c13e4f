import { COMMON } from "@shared/messages/common";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import { z } from "zod";
import { isoTime } from "./answers-common";
import { idSchema } from "./ids";

// Media imported from a link: what starting one takes, and how one reads while it runs and after.

export const MEDIA_IMPORT_STATUSES = ["downloading", "processing", "done", "failed", "cancelled"] as const;
export type MediaImportStatus = (typeof MEDIA_IMPORT_STATUSES)[number];
/** An import in one of these has ended and will not change again. */
export const ENDED_IMPORT_STATUSES: readonly MediaImportStatus[] = ["done", "failed", "cancelled"];

/** Long enough for any share link; a longer one is not a link a studio pastes. */
export const IMPORT_URL_MAX = 2048;

export const mediaImportStartInput = z.object({
  projectId: idSchema,
  url: z
    .string(COMMON.invalid("url"))
    .trim()
    .min(1, MEDIA_IMPORTS.urlRequired)
    .max(IMPORT_URL_MAX, MEDIA_IMPORTS.urlTooLong(IMPORT_URL_MAX)),
});
export const mediaImportListInput = z.object({ projectId: idSchema });
export const mediaImportCancelInput = z.object({ id: idSchema });

/** One import as the list and the start answer it. */
export const mediaImport = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  url: z.string().describe("The link as it was given"),
  name: z.string().describe("The file's name, from the server's answer or the link"),
  status: z.enum(MEDIA_IMPORT_STATUSES),
  bytes: z.number().int().describe("Bytes received so far"),
  total: z.number().int().nullable().describe("The size the server declared; null when it did not"),
  mediaId: z.number().int().nullable().describe("The media file made from it, once done"),
  error: z.string().nullable().describe("Why it failed, in plain words"),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type MediaImport = z.infer<typeof mediaImport>;
