import type { MediaKind } from "@shared/schemas/media";
import { readBitrate } from "./bitrate";
import { classify } from "./formats";
import { readLoop } from "./loop-facts";
import { runTool } from "./run";
import { type LoopFacts, STEAM_KEYFRAME_S, type SteamFacts, steamVerdict } from "./steam-rules";

export interface MediaMetadata {
  kind: MediaKind;
  mimeType: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  bitrate: number | null;
  frameRate: number | null;
  /** Largest gap between keyframes seen in the first KEYFRAME_WINDOW_S seconds. */
  keyframeInterval: number | null;
  /** Passes every one of Steam's broadcast rules (steam-rules.ts): Steam takes it by stream copy. */
  steamReady: boolean;
  /** Why it does not, in plain words; empty when it does. */
  steamReasons: string[];
  /** The picture's own length (the container's can be the sound's). */
  videoSeconds: number | null;
}

const PROBE_TIMEOUT_MS = 30_000;
/** Enough of the file to judge its GOP without reading a whole 1 GB upload. */
const KEYFRAME_WINDOW_S = 30;
/**
 * How much of the file the busiest second is looked for in. Reading packet sizes demuxes without
 * decoding: about 1 s per hour of 30 fps video on a slow machine, so a trailer or a loop is read
 * whole, and a longer file for its first two hours.
 */
const PEAK_WINDOW_S = 2 * 3600;

interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  profile?: string;
  level?: number;
  bit_rate?: string;
  duration?: string;
  tags?: { DURATION?: string };
  disposition?: { attached_pic?: number };
}
interface ProbePacket {
  stream_index?: number;
  pts_time?: string;
  flags?: string;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  packets?: ProbePacket[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: { major_brand?: string } };
}

const num = (v: string | undefined): number | null => {
  const n = v === undefined ? Number.NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

function rate(v: string | undefined): number | null {
  if (!v) return null;
  const [a, b] = v.split("/").map(Number);
  if (!a || !b || !Number.isFinite(a / b)) return null;
  return Math.round((a / b) * 1000) / 1000;
}

/** One run reads the header (format, streams) and the packets of the first seconds (keyframes). */
const probeArgs = (ffprobe: string, path: string) => [
  ffprobe,
  "-v",
  "error",
  "-print_format",
  "json",
  "-read_intervals",
  `%+${KEYFRAME_WINDOW_S}`,
  "-show_entries",
  "packet=stream_index,pts_time,flags",
  "-show_format",
  "-show_streams",
  path,
];

/** Reads the file's real type and properties; null when it is not a video or image we accept. */
export async function probeMedia(ffprobe: string, path: string): Promise<MediaMetadata | null> {
  const info = await runProbe(ffprobe, path);
  if (!info) return null;
  const peak = await readVideoPeak(ffprobe, path, info);
  const loop = await readLoop(ffprobe, path, info.streams ?? [], num(info.format?.duration));
  return describe(info, peak, loop);
}

/** The video's busiest second, read only for a file that is a video; null when it cannot be read. */
async function readVideoPeak(ffprobe: string, path: string, info: ProbeOutput): Promise<number | null> {
  const video = (info.streams ?? []).some((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video || num(info.format?.duration) === null) return null;
  const profile = await readBitrate(ffprobe, path, {
    streams: "video",
    windowSeconds: PEAK_WINDOW_S,
    timeoutMs: PROBE_TIMEOUT_MS,
  }).catch(() => null);
  return profile?.peakKbps ?? null;
}

/** ffprobe's JSON for the file, or null when ffprobe fails or answers something unreadable. */
async function runProbe(ffprobe: string, path: string): Promise<ProbeOutput | null> {
  const out = await runTool(probeArgs(ffprobe, path), PROBE_TIMEOUT_MS, "probe");
  if (out.code !== 0) return null;
  try {
    return JSON.parse(out.stdout) as ProbeOutput;
  } catch {
    return null;
  }
}

/** What the probe says the file is; null when it is not a video or image we accept. */
function describe(
  info: ProbeOutput,
  videoPeakKbps: number | null,
  loop: LoopFacts | null,
): MediaMetadata | null {
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  if (!video?.codec_name || !video.width || !video.height || !info.format?.format_name) return null;
  const type = classify(info.format.format_name, info.format.tags?.major_brand, video.codec_name);
  if (!type) return null;

  const base = {
    ...type,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name,
  };
  if (type.kind === "image") {
    return {
      ...base,
      durationSeconds: null,
      audioCodec: null,
      bitrate: null,
      frameRate: null,
      keyframeInterval: null,
      steamReady: false,
      steamReasons: [],
      videoSeconds: null,
    };
  }
  const durationSeconds = num(info.format.duration);
  const facts = { ...steamFacts(info, video, audio), videoPeakKbps, loop };
  const verdict = steamVerdict(facts);
  return {
    ...base,
    durationSeconds,
    audioCodec: facts.audioCodec,
    bitrate: num(info.format.bit_rate),
    frameRate: facts.frameRate,
    keyframeInterval: facts.keyframeInterval,
    steamReady: verdict.ready,
    steamReasons: verdict.reasons,
    videoSeconds: facts.videoSeconds,
  };
}

/** What Steam's rules look at, per stream; a stream's own bitrate and length when the container says. */
function steamFacts(
  info: ProbeOutput,
  video: ProbeStream,
  audio: ProbeStream | undefined,
): Omit<SteamFacts, "videoPeakKbps"> {
  const kbps = (bps: number | null) => (bps === null ? null : Math.round(bps / 1000));
  const audioBps = audio ? num(audio.bit_rate) : null;
  const total = num(info.format?.bit_rate);
  // Containers such as Matroska give no per-stream bitrate: the video is what the sound leaves.
  const videoBps = num(video.bit_rate) ?? (total === null ? null : total - (audioBps ?? 0));
  return {
    videoCodec: video.codec_name ?? null,
    videoProfile: video.profile ?? null,
    videoLevel: typeof video.level === "number" && video.level > 0 ? video.level : null,
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    width: video.width ?? null,
    height: video.height ?? null,
    keyframeInterval: keyframeGap((info.packets ?? []).filter((p) => p.stream_index === video.index)),
    videoKbps: kbps(videoBps),
    audioCodec: audio?.codec_name ?? null,
    audioProfile: audio?.profile ?? null,
    audioKbps: kbps(audioBps),
    videoSeconds: streamSeconds(video),
    audioSeconds: audio ? streamSeconds(audio) : null,
  };
}

/** A stream's length: its own duration, or Matroska's DURATION tag ("00:01:02.500000000"). */
function streamSeconds(s: ProbeStream): number | null {
  const own = num(s.duration);
  if (own !== null) return own;
  const m = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(s.tags?.DURATION ?? "");
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/**
 * The largest distance between keyframes in the first seconds, from packet flags (no decoding).
 * One keyframe in the window means the gap is at least what remains of the window.
 */
function keyframeGap(packets: ProbePacket[]): number | null {
  const times: number[] = [];
  let last = 0;
  for (const p of packets) {
    const t = Number(p.pts_time);
    if (!p.pts_time || !Number.isFinite(t)) continue;
    last = Math.max(last, t);
    if (p.flags?.includes("K")) times.push(t);
  }
  if (times.length === 0) return null;
  times.sort((a, b) => a - b);
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i]! - times[i - 1]!);
  // After the last keyframe, the stretch to the last frame read counts too (not to the container's
  // end, which the sound can make a frame longer than the picture).
  const tail = Math.min(last, KEYFRAME_WINDOW_S) - times.at(-1)!;
  if (tail > gap && tail > STEAM_KEYFRAME_S) gap = tail;
  return Math.round(gap * 1000) / 1000;
}
