// The shapes the Streaming page reads come from the shared schemas, the same the server answers with.
export type {
  DestinationView as Destination,
  LiveFigures,
  MediaPreparationView,
  StreamRecord,
  StreamStatus,
} from "@shared/schemas/streaming";

/** Stop and Change exist only while a stream is running or starting (not while it is stopping). */
export const hasStreamControls = (status: string | null | undefined): boolean =>
  status === "starting" || status === "running";

/** History records can be deleted only once they have ended. */
export const isEnded = (status: string): boolean => status === "stopped" || status === "error";

/** What 'Select Media to Stream' needs of a media file. */
export interface MediaChoice {
  id: number;
  original_name: string;
  kind: "video" | "image";
  file_size: number;
  /** False: the supervisor re-encodes it once before its first stream to Steam. */
  steam_ready?: boolean;
  /** Why, in plain words (Steam's rules it breaks). */
  steam_reasons?: string[];
  video_codec?: string | null;
  audio_codec?: string | null;
  /** Its converted copy; once "done", nothing is converted before a start. */
  preparation?: { status: string } | null;
}
