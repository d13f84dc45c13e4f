import { MEDIA_SEARCH_MAX, MEDIA_SORTS, SORT_ORDERS } from "@shared/media-sorts";
import { COMMON } from "@shared/messages/common";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { z } from "zod";
import { isoTime } from "./answers-common";
import { idSchema } from "./ids";

// One schema serves the procedure, the REST adapter and the client.
const id = idSchema;

/**
 * GET /media/{projectId}?q=&sort=&order= and media.list: the files whose name contains `q`, sorted.
 * Strict: a parameter the list does not take is refused rather than ignored.
 */
export const mediaListInput = z.strictObject(
  {
    projectId: id,
    q: z
      .string(MEDIA_LIBRARY.searchInvalid)
      .trim()
      .max(MEDIA_SEARCH_MAX, COMMON.searchTooLong)
      .optional()
      .describe("Only files whose name contains this text, ignoring case"),
    sort: z
      .enum(MEDIA_SORTS, MEDIA_LIBRARY.sortInvalid)
      .optional()
      .describe(
        "date (the default), name, size, or readiness: ready for Steam, being converted, needing conversion, file missing, images",
      ),
    order: z
      .enum(SORT_ORDERS, MEDIA_LIBRARY.orderInvalid)
      .optional()
      .describe("Unsaid: name and readiness asc, date and size desc"),
  },
  MEDIA_LIBRARY.unknownParam,
);
export const mediaDeleteInput = z.object({ id });
/** The multipart text field `projectId`, checked once the upload has arrived. */
export const uploadProjectIdSchema = z
  .string(MEDIA.projectIdRequired)
  .trim()
  .regex(/^\d{1,15}$/, COMMON.invalid("projectId"))
  .transform(Number)
  .pipe(z.number().int().positive());

export type MediaKind = "video" | "image";

const nullableInt = z.number().int().nullable();

/** A file's converted copy for streaming. */
export const mediaPreparationState = z.object({
  status: z.enum(["pending", "running", "done", "error"]),
  percent: z.number().describe("0-100"),
  error: z.string().nullable(),
});
export type MediaPreparationState = z.infer<typeof mediaPreparationState>;

/** One media item, with its probed metadata, as GET /media/{projectId} and media.list answer it. */
export const mediaItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  file_size: z.number(),
  kind: z.enum(["video", "image"] satisfies MediaKind[]),
  duration_seconds: z.number().nullable(),
  width: nullableInt,
  height: nullableInt,
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  bitrate: z.number().nullable(),
  frame_rate: z.number().nullable(),
  keyframe_interval: z.number().nullable(),
  steam_ready: z.boolean(),
  steam_reasons: z
    .array(z.string())
    .describe("Why the file is converted before it goes to Steam, in plain words; empty when it is ready"),
  preparation: mediaPreparationState
    .nullable()
    .describe("The converted copy for streaming: null until one is started, done once it is made"),
  has_poster: z.boolean(),
  file_missing: z
    .boolean()
    .describe("The record is there but its file is gone from the disk: it cannot be streamed or viewed"),
  uploaded_by_name: z.string().nullable(),
  created_at: isoTime,
});
export type MediaItem = z.infer<typeof mediaItem>;

export interface MediaConfig {
  maxFileSize: number;
  maxFileSizeFormatted: string;
  supportedExtensions: { video: string[]; image: string[] };
}

/** Custom RTMP servers take H.264 video with AAC sound (or none) by stream copy, whatever Steam's rules say. */
export const copyableForCustom = (m: { videoCodec: string | null; audioCodec: string | null }) =>
  m.videoCodec === "h264" && (m.audioCodec === null || m.audioCodec === "aac");
