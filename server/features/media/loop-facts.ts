import { runTool } from "./run";
import type { LoopFacts } from "./steam-rules";

// Where a file's streams begin and end as ffmpeg's -stream_loop counts them when it copies the file
// again and again: the picture from its first to its last frame shown, plus one frame; the sound
// as stored, from its first packet (the encoder's priming frame included) to the end of its last.
// Read from packet timestamps at the file's two ends, without decoding.

/** Enough of each end to hold the first packets and the whole last GOP of any file Steam takes. */
const HEAD_S = 1;
const TAIL_S = 5;
const TIMEOUT_MS = 30_000;
/** One AAC-LC frame, in samples. */
const AAC_FRAME = 1024;

interface Packet {
  video: boolean;
  pts: number;
  key: boolean;
}

/** What the probe's first run read of a stream. */
interface StreamHeader {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  disposition?: { attached_pic?: number };
}

const fraction = (v: string | undefined): number | null => {
  const [a, b = 1] = (v ?? "").split("/").map(Number);
  const n = a! / b;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** How the ends of an H.264 + AAC video meet when it loops; null for anything else or unreadable. */
export async function readLoop(
  ffprobe: string,
  path: string,
  streams: StreamHeader[],
  durationSeconds: number | null,
): Promise<LoopFacts | null> {
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  if (video?.codec_name !== "h264" || audio?.codec_name !== "aac") return null;
  if (video.index === undefined || audio.index === undefined) return null;
  const frameRate = fraction(video.avg_frame_rate) ?? fraction(video.r_frame_rate);
  const sampleRate = fraction(audio.sample_rate);
  if (!frameRate || !sampleRate || !durationSeconds) return null;
  return readLoopFacts(ffprobe, path, {
    videoIndex: video.index,
    audioIndex: audio.index,
    frameRate,
    sampleRate,
    durationSeconds,
  }).catch(() => null);
}

export interface LoopProbeInput {
  videoIndex: number;
  audioIndex: number;
  frameRate: number;
  sampleRate: number;
  /** The container's length, s: where the tail is read from. */
  durationSeconds: number;
}

/** The loop facts of a file with H.264 and AAC, or null when its packets cannot be read. */
export async function readLoopFacts(
  ffprobe: string,
  path: string,
  s: LoopProbeInput,
): Promise<LoopFacts | null> {
  const tail = Math.max(0, s.durationSeconds - TAIL_S);
  const out = await runTool(
    [
      ...[ffprobe, "-v", "error", "-read_intervals", `%+${HEAD_S},${tail.toFixed(3)}%`],
      ...["-show_entries", "packet=stream_index,pts_time,flags", "-of", "csv=p=0", path],
    ],
    TIMEOUT_MS,
    "probe",
  );
  if (out.code !== 0) return null;
  const packets: Packet[] = [];
  for (const line of out.stdout.split("\n")) {
    const [index, ptsText, flags = ""] = line.split(",");
    const pts = Number(ptsText);
    if (!ptsText || !Number.isFinite(pts)) continue;
    const i = Number(index);
    if (i !== s.videoIndex && i !== s.audioIndex) continue;
    packets.push({ video: i === s.videoIndex, pts, key: flags.startsWith("K") });
  }
  return loopFacts(packets, s.frameRate, s.sampleRate);
}

/** The facts from the packets read at both ends (in any order); null when a stream has none. */
export function loopFacts(packets: Packet[], frameRate: number, sampleRate: number): LoopFacts | null {
  const video = packets.filter((p) => p.video);
  const audio = packets.filter((p) => !p.video);
  if (video.length === 0 || audio.length === 0 || frameRate <= 0 || sampleRate <= 0) return null;
  const min = (ps: Packet[]) => Math.min(...ps.map((p) => p.pts));
  const max = (ps: Packet[]) => Math.max(...ps.map((p) => p.pts));
  const start = min(video);
  const keys = video.filter((p) => p.key);
  if (keys.length === 0) return null;
  const audioFrameS = AAC_FRAME / sampleRate;
  const videoSpanS = max(video) - start + 1 / frameRate;
  return {
    videoSpanS,
    audioSpanS: max(audio) + audioFrameS - min(audio),
    audioFrameS,
    lastKeyframeToEndS: start + videoSpanS - max(keys),
  };
}
