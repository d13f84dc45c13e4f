import { z } from "zod";
import { mediaItem } from "./media";

/** Where a resumable upload stands: the bytes stored so far, and the media item once it is done. */
export const uploadState = z.object({
  id: z.string().describe("The upload's id, as in its URL."),
  project_id: z.number().int(),
  filename: z.string(),
  offset: z.number().int().describe("Bytes stored so far."),
  length: z.number().int().describe("The file's declared size."),
  media: mediaItem
    .nullable()
    .describe("The stored media file, once the last byte arrived and it passed the checks."),
});
export type UploadState = z.infer<typeof uploadState>;
