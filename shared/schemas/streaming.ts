import { COMMON } from "@shared/messages/common";
import { STEAM_INGEST_URL, STREAMING } from "@shared/messages/streaming";
import { z } from "zod";
import { idSchema, positiveId } from "./ids";
import { safeName } from "./names";
import { DESTINATION_TYPES, type StreamStatus } from "./streaming-states";

export type {
  DestinationFailure,
  DestinationView,
  IngestCheck,
  LiveFigures,
  MediaPreparationView,
  StreamRecord,
  StreamStatusAnswer,
} from "./answers-streaming";
export {
  DESTINATION_TYPES,
  type DestinationType,
  STREAM_STATUSES,
  type StreamStatus,
} from "./streaming-states";

// Inputs and answers of the streaming and dashboard calls. One schema serves
// the tRPC procedure, the REST adapter and the client form.

export const DESTINATION_NAME_MAX = 100;
export const RTMP_URL_MAX = 2048;
export const STREAM_KEY_MAX = 512;

/** True for a parseable rtmp:// or rtmps:// URL with a host: the only schemes ffmpeg is pointed at. */
export function isRtmpUrl(value: string): boolean {
  if (!/^rtmps?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Whitespace, control characters (NUL, escape sequences) and invisible format characters such as
 * bidi overrides: never part of an ingest address or a key, and able to disguise one on screen or
 * end up in ffmpeg's arguments. Spaces around the value are trimmed first (a pasted line break).
 */
export const hasHiddenCharacters = (value: string) => /[\s\p{Cc}\p{Cf}]/u.test(value);

const rtmpUrlSchema = z
  .string()
  .trim()
  .max(RTMP_URL_MAX, STREAMING.rtmpUrlInvalid)
  // The scheme first: text that is no address at all reads best as "must start with rtmp://".
  .refine((v) => v === "" || /^rtmps?:\/\//i.test(v), { message: STREAMING.rtmpUrlScheme, abort: true })
  .refine((v) => !hasHiddenCharacters(v), { message: STREAMING.rtmpUrlCharacters, abort: true })
  .refine((v) => v === "" || isRtmpUrl(v), STREAMING.rtmpUrlScheme);

const nameSchema = safeName(
  z
    .string(STREAMING.nameRequired)
    .trim()
    .min(1, STREAMING.nameRequired)
    .max(DESTINATION_NAME_MAX, `Name must be at most ${DESTINATION_NAME_MAX} characters long`),
);

const streamKeySchema = z
  .string()
  .trim()
  .max(STREAM_KEY_MAX, STREAMING.streamKeyTooLong)
  .refine((v) => !hasHiddenCharacters(v), STREAMING.streamKeyCharacters);

export const CA_FILE_MAX = 1024;

/**
 * A private ingest's CA: an absolute path on the server (checked there when saved); null or "" for
 * the system's CA store. Control and invisible characters never reach ffmpeg's arguments.
 */
const caFileSchema = z
  .string(STREAMING.caFileInvalid)
  .trim()
  .max(CA_FILE_MAX, STREAMING.caFileInvalid)
  .refine((v) => v === "" || (v.startsWith("/") && !/[\p{Cc}\p{Cf}]/u.test(v)), STREAMING.caFileInvalid)
  .nullable()
  .transform((v) => v || null);

export const RECONNECT_HOURS_MIN = 1;
export const RECONNECT_HOURS_MAX = 168;
/** Twitch ends any stream at 48 h: reconnecting every 47 h keeps ahead of it. */
export const TWITCH_RECONNECT_HOURS = 47;

/** "Reconnect every N hours": a whole number of hours, 1-168; null turns it off. */
const reconnectHoursSchema = z
  .number(STREAMING.reconnectHoursInvalid)
  .int(STREAMING.reconnectHoursInvalid)
  .min(RECONNECT_HOURS_MIN, STREAMING.reconnectHoursInvalid)
  .max(RECONNECT_HOURS_MAX, STREAMING.reconnectHoursInvalid)
  .nullable();

export const destinationsInput = z.object({ projectId: idSchema });

export const createDestinationInput = z
  .object({
    name: nameSchema,
    type: z.enum(DESTINATION_TYPES, STREAMING.typeInvalid).default("steam"),
    rtmp_url: rtmpUrlSchema.default(""),
    stream_key: streamKeySchema.default(""),
    autorestart: z.boolean(COMMON.notBoolean("autorestart")).default(false),
    ca_file: caFileSchema.optional(),
    reconnect_hours: reconnectHoursSchema.optional(),
    project_id: idSchema,
  })
  // 'Steam' pre-fills Steam's ingest URL; a custom destination needs its own.
  .transform((v) => ({ ...v, rtmp_url: v.rtmp_url || (v.type === "steam" ? STEAM_INGEST_URL : "") }))
  .refine((v) => v.rtmp_url !== "", { message: STREAMING.rtmpUrlRequired, path: ["rtmp_url"] });

export const updateDestinationInput = z.object({
  name: nameSchema.optional(),
  rtmp_url: rtmpUrlSchema.refine((v) => v !== "", STREAMING.rtmpUrlRequired).optional(),
  stream_key: streamKeySchema.optional(),
  autorestart: z.boolean(COMMON.notBoolean("autorestart")).optional(),
  /** null or "" goes back to the system's CA store. */
  ca_file: caFileSchema.optional(),
  /** null turns planned reconnects by interval off. */
  reconnect_hours: reconnectHoursSchema.optional(),
  id: idSchema,
});

export const idInput = z.object({ id: idSchema });

/** "Check connection" on the unsaved Add Destination form: the address typed, in the project it is for. */
export const checkIngestBody = z
  .object({
    project_id: idSchema,
    rtmp_url: rtmpUrlSchema.refine((v) => v !== "", STREAMING.rtmpUrlRequired),
  })
  .strict();
export type CheckIngestBody = z.infer<typeof checkIngestBody>;

/** What a stream plays: exactly one of a media file and a playlist. */
export type StreamSourceInput = { mediaId: number } | { playlistId: number };
const sourceFields = { mediaId: idSchema.optional(), playlistId: idSchema.optional() };
type SourceFields = { mediaId?: number; playlistId?: number };
/**
 * Exactly one source, narrowed to the one given. A transform rather than a refinement, so the path
 * can fill the destination's id around it on REST.
 */
const oneSource = <T extends SourceFields>({ mediaId, playlistId, ...rest }: T, ctx: z.RefinementCtx) => {
  if ((mediaId === undefined) === (playlistId === undefined)) {
    ctx.addIssue({ code: "custom", message: STREAMING.mediaOrPlaylist });
    return z.NEVER;
  }
  const source = mediaId !== undefined ? { mediaId } : { playlistId: playlistId! };
  return { ...rest, ...source } as Omit<T, keyof SourceFields> & StreamSourceInput;
};
export const startStreamInput = z.object({ destinationId: idSchema, ...sourceFields }).transform(oneSource);
export const stopStreamInput = z.object({ streamId: idSchema });
/**
 * GET /streams/status?projectId=…: what is no number at all is refused as `Invalid projectId`; a
 * number that is no id (0) as any bad id is. Both transports read it so.
 */
const notAProjectId = COMMON.invalid("projectId");
const notAnId = COMMON.invalid("id");
export const streamStatusInput = z.object({
  projectId: z
    .number(notAProjectId)
    .int(notAProjectId)
    .positive(notAnId)
    .max(Number.MAX_SAFE_INTEGER, notAnId),
});

/**
 * Which ended streams to clear: one project's (`projectId`), or, explicitly, every project's
 * (`scope: "all"`). Exactly one of the two; nothing else. REST reads it from the query
 * (`?projectId=…` or `?scope=all`).
 */
export const clearEndedInput = z
  .object({
    projectId: positiveId(COMMON.invalid("projectId")).optional(),
    scope: z.literal("all", STREAMING.clearEndedScope).optional(),
  })
  .strict()
  .refine((v) => (v.projectId === undefined) !== (v.scope === undefined), STREAMING.clearEndedScope)
  .transform(
    (v): ClearEndedTarget => (v.projectId === undefined ? { scope: "all" } : { projectId: v.projectId }),
  );
export type ClearEndedTarget = { projectId: number } | { scope: "all" };

export type CreateDestinationInput = z.infer<typeof createDestinationInput>;
export type UpdateDestinationInput = z.infer<typeof updateDestinationInput>;

/** A stream in one of these states holds a destination and counts against the limit. */
export const LIVE_STATUSES = ["starting", "running", "stopping"] as const satisfies readonly StreamStatus[];
export type LiveStatus = (typeof LIVE_STATUSES)[number];
/** Whether a stream in this status is live: it holds its destination and counts against the limit. */
export const isLive = (status: string | null | undefined): status is LiveStatus =>
  (LIVE_STATUSES as readonly (string | null | undefined)[]).includes(status);

/** Figures every role may see: their own streams (admins: every stream). */
export interface StreamStatistics {
  total_streams_today: number;
  error_streams_today: number;
}

/**
 * System Status. Admins get the machine's figures ("system" scope); everyone else only the counts
 * of their own projects' streams ("projects" scope), never the server's CPU, memory or limit.
 */
export type SystemInfo =
  | {
      scope: "system";
      system: {
        currentStreams: number;
        /** null = unlimited. */
        maxStreams: number | null;
        utilizationPercent: number;
        /** The server and its ffmpeg children together, percent of one core, one decimal. */
        cpuPercent: number;
        memoryUsage: { rss: number };
      };
      statistics: StreamStatistics;
    }
  | {
      scope: "projects";
      system: { currentStreams: number };
      statistics: StreamStatistics;
    };
