import { MEDIA_BULK_DELETE_MAX } from "@shared/media-sorts";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { z } from "zod";
import { idSchema, positiveId } from "./ids";

// Deleting several files at once and the storage they take: inputs and answers, one schema each for
// tRPC, REST, the API document and the client.

/** POST /media/delete and media.deleteMany: all of them, or none when one is still in use. */
export const mediaBulkDeleteInput = z.strictObject(
  {
    projectId: idSchema,
    ids: z
      .array(positiveId(MEDIA_LIBRARY.idsInvalid), MEDIA_LIBRARY.idsInvalid)
      .min(1, MEDIA_LIBRARY.idsEmpty)
      .max(MEDIA_BULK_DELETE_MAX, MEDIA_LIBRARY.idsTooMany(MEDIA_BULK_DELETE_MAX))
      .refine((ids) => new Set(ids).size === ids.length, MEDIA_LIBRARY.idsRepeated)
      .describe(`The files' ids, each once, at most ${MEDIA_BULK_DELETE_MAX}; all in the project`),
  },
  MEDIA_LIBRARY.unknownParam,
);

export const mediaBulkDeleted = z.object({
  success: z.literal(true),
  deleted: z.number().int().describe("How many files were deleted: all that were asked"),
  message: z.string(),
});

const bytes = z.number().int().min(0);

/** The disk one project's media takes. */
export const projectStorage = z.object({
  projectId: z.number().int(),
  files: z.number().int().describe("Uploaded files"),
  mediaBytes: bytes.describe("The uploaded files, as stored"),
  preparedBytes: bytes.describe("Copies converted for streaming, as they are on the disk now"),
  totalBytes: bytes,
});
export type ProjectStorage = z.infer<typeof projectStorage>;

/** GET /media/storage/{projectId} and media.storage. */
export const mediaStorageInput = z.strictObject({ projectId: idSchema }, MEDIA_LIBRARY.unknownParam);

/** GET /dashboard/storage: every project the user sees, largest first, and their sum. */
export const storageOverview = z.object({
  files: z.number().int(),
  mediaBytes: bytes,
  preparedBytes: bytes,
  totalBytes: bytes,
  projects: projectStorage
    .extend({ name: z.string(), org_name: z.string() })
    .array()
    .describe("Largest first; projects without media too, at 0"),
});
export type StorageOverview = z.infer<typeof storageOverview>;
