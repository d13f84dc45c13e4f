import { z } from "zod";
import { isoTime } from "./answers-common";
import type { MediaItem } from "./media";
import { type Same, sameShape } from "./same-shape";
import {
  DESTINATION_TYPES,
  type DestinationView,
  type IngestCheck,
  STREAM_STATUSES,
  type StreamStatusAnswer,
} from "./streaming";

// Zod schemas of the streaming, media and dashboard answers, for the API document. The TypeScript
// types stay the source the services write against; the checks below keep the two the same.

const nullableInt = z.number().int().nullable();

export const destinationView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(DESTINATION_TYPES),
  rtmp_url: z
    .string()
    .describe(
      "Any user:password reads ****@ for every role; for viewers, the path beyond the application and any query read ****.",
    ),
  stream_key: z.string().optional().describe("Left out for viewers."),
  autorestart: z.boolean(),
  is_active: z.boolean(),
  project_id: z.number().int(),
  active_stream_id: nullableInt,
  stream_status: z.enum(STREAM_STATUSES).nullable(),
  streaming_media_name: z.string().nullable(),
  streaming_media_id: nullableInt,
  stream_started_at: isoTime.nullable(),
  started_by_window: z.boolean().describe("True when a broadcast window started the live stream."),
  last_failure: z
    .object({
      stream_id: z.number().int(),
      ended: z.boolean(),
      message: z.string(),
      at: isoTime,
      error_count: z.number().int(),
    })
    .nullable(),
  next_schedule: z.object({ action: z.enum(["start", "stop"]), at: z.number() }).nullable(),
});
sameShape<Same<z.infer<typeof destinationView>, DestinationView>>();

export const ingestCheck = z.object({
  ok: z.boolean().describe("True when the ingest completed an RTMP handshake."),
  message: z.string(),
  ms: z.number().int().nullable().describe("How long the check took, when it succeeded."),
});
sameShape<Same<z.infer<typeof ingestCheck>, IngestCheck>>();

const liveFigures = z.object({
  frame: z.number(),
  fps: z.number(),
  bitrate_kbps: z.number(),
  speed: z.number(),
  out_time_seconds: z.number(),
  dropped_frames: z.number(),
  dup_frames: z.number(),
});

export const streamRecord = z.object({
  id: z.number().int(),
  media_name: z.string(),
  destination_name: z.string(),
  destination_type: z.string(),
  destination_autorestart: z.boolean(),
  status: z.enum(STREAM_STATUSES),
  duration_seconds: z.number(),
  error_count: z.number().int(),
  started_at: isoTime,
  stopped_at: isoTime.nullable(),
  media_size: z.number(),
  pid: nullableInt,
  last_error_message: z.string().nullable(),
  last_error_time: isoTime.nullable(),
  destination_id: nullableInt,
  media_id: nullableInt,
  playlist_id: nullableInt,
  playlist_name: z.string().nullable(),
  live: liveFigures.nullable(),
  went_live: z.boolean().nullable(),
});

export const streamStatusAnswer = z.object({
  streams: z.array(streamRecord),
  preparations: z.array(
    z.object({
      media_id: z.number().int(),
      media_name: z.string(),
      status: z.enum(["pending", "running", "done", "error"]),
      percent: z.number(),
      error: z.string().nullable(),
    }),
  ),
});
sameShape<Same<z.infer<typeof streamStatusAnswer>, StreamStatusAnswer>>();

export const mediaItem = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  file_size: z.number(),
  kind: z.enum(["video", "image"]),
  duration_seconds: z.number().nullable(),
  width: nullableInt,
  height: nullableInt,
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  bitrate: z.number().nullable(),
  frame_rate: z.number().nullable(),
  keyframe_interval: z.number().nullable(),
  steam_ready: z.boolean(),
  steam_reasons: z.array(z.string()),
  preparation: z
    .object({
      status: z.enum(["pending", "running", "done", "error"]),
      percent: z.number(),
      error: z.string().nullable(),
    })
    .nullable()
    .describe("The converted copy for streaming: null until one is started, done once it is made"),
  has_poster: z.boolean(),
  file_missing: z.boolean(),
  uploaded_by_name: z.string().nullable(),
  created_at: isoTime,
});
sameShape<Same<z.infer<typeof mediaItem>, MediaItem>>();
