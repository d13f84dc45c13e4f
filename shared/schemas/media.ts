import { COMMON } from "@shared/messages/common";
import { MEDIA } from "@shared/messages/media";
import { z } from "zod";
import { idSchema } from "./ids";

// One schema serves the procedure, the REST adapter and the client.
const id = idSchema;

export const mediaListInput = z.object({ projectId: id });
export const mediaDeleteInput = z.object({ id });
/** The multipart text field `projectId`, checked once the upload has arrived. */
export const uploadProjectIdSchema = z
  .string(MEDIA.projectIdRequired)
  .trim()
  .regex(/^\d{1,15}$/, COMMON.invalid("projectId"))
  .transform(Number)
  .pipe(z.number().int().positive());

export type MediaKind = "video" | "image";

/** One media item, with its probed metadata, as GET /media/{projectId} and media.list answer it. */
export interface MediaItem {
  id: number;
  project_id: number;
  original_name: string;
  mime_type: string;
  file_size: number;
  kind: MediaKind;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  bitrate: number | null;
  frame_rate: number | null;
  keyframe_interval: number | null;
  steam_ready: boolean;
  /** Why the file is converted before it goes to Steam, in plain words; empty when it is ready. */
  steam_reasons: string[];
  /** Its converted copy for streaming: null until one has been started; "done" once it is made. */
  preparation: MediaPreparationState | null;
  has_poster: boolean;
  /** The record is there but its file is gone from the server's disk: it cannot be streamed or viewed. */
  file_missing: boolean;
  uploaded_by_name: string | null;
  created_at: string;
}

export interface MediaPreparationState {
  status: "pending" | "running" | "done" | "error";
  /** 0-100. */
  percent: number;
  error: string | null;
}

export interface MediaConfig {
  maxFileSize: number;
  maxFileSizeFormatted: string;
  supportedExtensions: { video: string[]; image: string[] };
}

/** Custom RTMP servers take H.264 video with AAC sound (or none) by stream copy, whatever Steam's rules say. */
export const copyableForCustom = (m: { videoCodec: string | null; audioCodec: string | null }) =>
  m.videoCodec === "h264" && (m.audioCodec === null || m.audioCodec === "aac");
