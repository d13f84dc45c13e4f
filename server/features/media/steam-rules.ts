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
  /** How the file's ends meet when it loops (loop-facts.ts); null or absent when not read. */
  loop?: LoopFacts | null;
}

/** Seconds, as -stream_loop counts them when it plays the file again and again by stream copy. */
export interface LoopFacts {
  /** The picture: first to last frame shown, plus one frame. Each new play starts this much later. */
  videoSpanS: number;
  /** The sound as stored: its first packet (the encoder's priming included) to the end of its last. */
  audioSpanS: number;
  /** One AAC frame. */
  audioFrameS: number;
  /** From the last keyframe to the end of the picture: the keyframe gap across the seam. */
  lastKeyframeToEndS: number;
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
/**
 * Timestamps on the wire are whole milliseconds: within half of one, a stream meets itself exactly.
 * A hole in the sound up to one AAC frame is silence a player rides over; sound that overlaps itself
 * is refused by players or drifts against the picture at every seam.
 */
const SEAM_TOLERANCE_S = 0.0005;
/** 29.97 and 59.94 (NTSC rates, 1000/1001 of 30 and 60) count as 30 and 60. */
const FPS_TOLERANCE = 0.002;
/** 854×480 and the like, rounded to even sizes, still count as 16:9. */
const ASPECT_TOLERANCE = 0.01;

export function steamVerdict(f: SteamFacts): SteamVerdict {
  const video = videoReasons(f);
  const lengths = lengthReasons(f);
  // One cause, one reason: sound far off the picture's length, or keyframes too far apart anywhere,
  // already say why the loop cannot be seamless.
  const keyframesOff = f.keyframeInterval === null || f.keyframeInterval > STEAM_KEYFRAME_S + 0.01;
  const loop = loopReasons(f, lengths.length > 0, keyframesOff);
  const reasons = [...video, ...audioReasons(f), ...lengths, ...loop];
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

/**
 * Whether the file loops by stream copy without a seam: ffmpeg starts each new play one picture
 * length later, so the stored sound must end where the picture ends (a hole of less than one AAC
 * frame at most, never an overlap), and the keyframe gap across the seam must stay within Steam's.
 * A sound far off the picture's length already has its own reason.
 */
function loopReasons(f: SteamFacts, lengthsOff: boolean, keyframesOff: boolean): string[] {
  const loop = f.loop;
  if (!loop || f.audioCodec !== "aac") return [];
  const out: string[] = [];
  const hole = loop.videoSpanS - loop.audioSpanS;
  if (!lengthsOff && (hole < -SEAM_TOLERANCE_S || hole > loop.audioFrameS + SEAM_TOLERANCE_S))
    out.push(T.loopSeam);
  // The next play starts on a keyframe; the gap before it may be one frame over Steam's 2 s, as
  // the frame that ends the picture is still shown for its length.
  const frame = f.frameRate ? 1 / f.frameRate : 0;
  if (!keyframesOff && loop.lastKeyframeToEndS > STEAM_KEYFRAME_S + frame + SEAM_TOLERANCE_S)
    out.push(T.loopKeyframe);
  return out;
}

// Shared with the Select Media dialog, which marks what a custom destination needs prepared.
export { copyableForCustom } from "@shared/schemas/media";
