import { STEAM_RULES as T } from "@shared/messages/steam-rules";

// Steam's published broadcast rules, as a pure verdict over what the probe read from a file. A file
// that passes goes to Steam by stream copy; one that fails is converted once (media-preparation.ts).

export interface SteamFacts {
  videoCodec: string | null;
  /** ffprobe's profile name: "High", "Main", "Constrained Baseline"… */
  videoProfile: string | null;
  /** ffprobe's H.264 level, ten times the level (41 for 4.1). */
  videoLevel: number | null;
  frameRate: number | null;
  width: number | null;
  height: number | null;
  keyframeInterval: number | null;
  videoKbps: number | null;
  /** The video's busiest second (packet sizes per second of the file); null when it was not read. */
  videoPeakKbps: number | null;
  audioCodec: string | null;
  /** ffprobe's AAC profile name: "LC", "HE-AAC"… */
  audioProfile: string | null;
  audioKbps: number | null;
  videoSeconds: number | null;
  audioSeconds: number | null;
}

export interface SteamVerdict {
  ready: boolean;
  reasons: string[];
}

export const STEAM_MAX_LEVEL = 41;
export const STEAM_FRAME_RATES = [30, 60] as const;
export const STEAM_KEYFRAME_S = 2;
export const STEAM_MAX_VIDEO_KBPS = 7000;
export const STEAM_MAX_AUDIO_KBPS = 128;
/** A longer gap between sound and picture drifts when the file loops. */
export const STEAM_MAX_LENGTH_GAP_S = 0.1;
/** 29.97 and 59.94 (NTSC rates, 1000/1001 of 30 and 60) count as 30 and 60. */
const FPS_TOLERANCE = 0.002;
/** 854×480 and the like, rounded to even sizes, still count as 16:9. */
const ASPECT_TOLERANCE = 0.01;

export function steamVerdict(f: SteamFacts): SteamVerdict {
  const reasons = [...videoReasons(f), ...audioReasons(f), ...lengthReasons(f)];
  return { ready: reasons.length === 0, reasons };
}

function videoReasons(f: SteamFacts): string[] {
  const out: string[] = [];
  if (f.videoCodec !== "h264") out.push(T.videoCodec(f.videoCodec ?? "unknown"));
  else if (!f.videoProfile) out.push(T.profileUnknown);
  else if (f.videoProfile !== "High") out.push(T.profile(f.videoProfile));
  if (f.videoCodec === "h264" && f.videoLevel !== null && f.videoLevel > STEAM_MAX_LEVEL)
    out.push(T.level(f.videoLevel / 10));
  if (f.frameRate === null) out.push(T.frameRateUnknown);
  else if (!STEAM_FRAME_RATES.some((r) => Math.abs(f.frameRate! / r - 1) <= FPS_TOLERANCE))
    out.push(T.frameRate(f.frameRate));
  if (f.width && f.height && Math.abs(f.width / f.height / (16 / 9) - 1) > ASPECT_TOLERANCE)
    out.push(T.aspect(f.width, f.height));
  if (f.keyframeInterval === null) out.push(T.keyframesUnknown);
  else if (f.keyframeInterval > STEAM_KEYFRAME_S + 0.01) out.push(T.keyframes(f.keyframeInterval));
  if (f.videoKbps !== null && f.videoKbps > STEAM_MAX_VIDEO_KBPS) out.push(T.videoBitrate(f.videoKbps));
  // A file within the cap on average can still spend far more in a busy second, and Steam takes
  // the stream second by second. An average already over the cap says enough on its own.
  else if (f.videoPeakKbps !== null && f.videoPeakKbps > STEAM_MAX_VIDEO_KBPS)
    out.push(T.videoPeak(f.videoPeakKbps));
  return out;
}

function audioReasons(f: SteamFacts): string[] {
  if (f.audioCodec === null) return [T.noAudio];
  const out: string[] = [];
  if (f.audioCodec !== "aac") out.push(T.audioCodec(f.audioCodec));
  else if (f.audioProfile && f.audioProfile !== "LC") out.push(T.audioProfile(f.audioProfile));
  if (f.audioKbps !== null && f.audioKbps > STEAM_MAX_AUDIO_KBPS) out.push(T.audioBitrate(f.audioKbps));
  return out;
}

function lengthReasons(f: SteamFacts): string[] {
  if (f.audioCodec === null || f.videoSeconds === null || f.audioSeconds === null) return [];
  const gap = f.videoSeconds - f.audioSeconds;
  if (Math.abs(gap) <= STEAM_MAX_LENGTH_GAP_S + 1e-9) return [];
  return [gap > 0 ? T.audioShorter(gap) : T.audioLonger(-gap)];
}

// Shared with the Select Media dialog, which marks what a custom destination needs prepared.
export { copyableForCustom } from "@shared/schemas/media";
