import { z } from "zod";
import { isoTime } from "./answers-common";
import { storePageView } from "./store-page";
import { DESTINATION_TYPES, STREAM_STATUSES } from "./streaming-states";

// Zod schemas of the streaming, media and dashboard answers, for the API document. The streaming
// answers' types are inferred from them (written once); `@shared/schemas/streaming` re-exports them.

const nullableInt = z.number().int().nullable();

/** A destination's last failure: what its card shows until the next start. */
const destinationFailure = z.object({
  stream_id: z.number().int(),
  /** True once the run has ended in error; false while it waits to be retried. */
  ended: z.boolean(),
  message: z.string(),
  at: isoTime,
  error_count: z.number().int(),
});
export type DestinationFailure = z.infer<typeof destinationFailure>;

/** A destination as answered. `stream_key` is left out for viewers. Times are ISO strings. */
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
  ca_file: z
    .string()
    .nullable()
    .optional()
    .describe(
      "rtmps:// only: the CA file the ingest's certificate is verified against; null for the system's CA store. Left out for viewers.",
    ),
  reconnect_hours: z
    .number()
    .int()
    .nullable()
    .describe("Reconnect on purpose after this many hours of streaming; null: off."),
  is_active: z.boolean(),
  project_id: z.number().int(),
  active_stream_id: nullableInt,
  stream_status: z.enum(STREAM_STATUSES).nullable(),
  streaming_media_name: z.string().nullable(),
  streaming_media_id: nullableInt,
  stream_started_at: isoTime.nullable(),
  stream_node: z
    .string()
    .nullable()
    .describe("The node running the live stream, once its run went on air; null otherwise."),
  stream_moving: z
    .boolean()
    .describe(
      "True while the live stream's node has stopped renewing its lease and another node is about to take it over (PostgreSQL only).",
    ),
  stream_unreadable: z
    .object({
      file: z.string().describe("The media the nodes could not read, by the name it was uploaded with."),
      nodes: z.array(z.string()).describe("The nodes that said they cannot read it, newest first."),
      failed: z.boolean().describe("True once no node that is up could read it and the stream failed."),
    })
    .nullable()
    .describe(
      "While the live stream moves because its node cannot read the media, or once its stream failed because no node could; null otherwise (PostgreSQL only).",
    ),
  started_by_window: z.boolean().describe("True when a broadcast window started the live stream."),
  /** The newest run's failure, until the next start; null when it did not fail. */
  last_failure: destinationFailure.nullable(),
  /** The scheduler's next start or stop on this destination (ms); null without windows. */
  next_schedule: z.object({ action: z.enum(["start", "stop"]), at: z.number() }).nullable(),
  /** Whether Steam shows the running stream (Steam destinations only); null otherwise. */
  store_page: storePageView.nullable(),
});
export type DestinationView = z.infer<typeof destinationView>;

/** What "Check connection" found: a plain sentence either way, and the time taken when it answered. */
export const ingestCheck = z.object({
  ok: z.boolean().describe("True when the ingest completed an RTMP handshake."),
  message: z.string(),
  ms: z.number().int().nullable().describe("How long the check took, when it succeeded."),
});
export type IngestCheck = z.infer<typeof ingestCheck>;

/** Figures parsed from ffmpeg's -progress output while a stream is live. */
const liveFigures = z.object({
  frame: z.number(),
  fps: z.number(),
  bitrate_kbps: z.number(),
  speed: z.number(),
  out_time_seconds: z.number(),
  play_seconds: z
    .number()
    .describe(
      "Where in one play of the file or playlist the stream is: the time sent, plus where a run resumed after a restart started.",
    ),
  dropped_frames: z.number(),
  dup_frames: z.number(),
});
export type LiveFigures = z.infer<typeof liveFigures>;

/** A stream record (one run on one destination), with ids and the live figures of a running stream. */
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
  planned_reconnects: z
    .number()
    .int()
    .describe("Reconnects made on purpose (timestamp limit or the destination's interval); never failures."),
  last_planned_reconnect_at: isoTime.nullable(),
  destination_id: nullableInt,
  media_id: nullableInt,
  /** Set for a playlist stream; the name stays in the history when the playlist is deleted. */
  playlist_id: nullableInt,
  playlist_name: z.string().nullable(),
  live: liveFigures.nullable(),
  /**
   * True once the stream sent its first frame; false for one that never did (every attempt was
   * refused); null when its destination was deleted and the record cannot tell.
   */
  went_live: z.boolean().nullable(),
});
export type StreamRecord = z.infer<typeof streamRecord>;

/** A media file being re-encoded once into a stream-copyable file. */
const mediaPreparationView = z.object({
  media_id: z.number().int(),
  media_name: z.string(),
  status: z.enum(["pending", "running", "done", "error"]),
  /** 0-100, one decimal. */
  percent: z.number(),
  error: z.string().nullable(),
});
export type MediaPreparationView = z.infer<typeof mediaPreparationView>;

export const streamStatusAnswer = z.object({
  streams: z.array(streamRecord),
  preparations: z.array(mediaPreparationView),
});
export type StreamStatusAnswer = z.infer<typeof streamStatusAnswer>;
