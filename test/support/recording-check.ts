// What a viewer's player meets in a stream, read from what a receiver recorded, with ffmpeg's own
// tools rather than the publisher's log: timestamps that step back, keyframe gaps, holes in the
// sound, and how far apart picture and sound end. Reads the packets as a stream of lines, so a
// recording of weeks of stream time never sits in memory.

const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";

export interface RecordingFigures {
  /** Lines of "non monotonically increasing dts" when ffmpeg remuxes the recording (both streams). */
  dtsErrors: number;
  /** Longest time between two video keyframes, ms. */
  maxKeyframeGapMs: number;
  /** Where that longest gap starts, ms. */
  maxKeyframeGapAtMs: number;
  /** Longest silence between the end of one audio packet and the start of the next, ms. */
  maxAudioHoleMs: number;
  /** Where that hole starts, ms. */
  maxAudioHoleAtMs: number;
  /** Longest stretch where an audio packet starts before the previous one ends, ms: sound played
   * twice over, which drifts the sound against the picture at every seam. */
  maxAudioOverlapMs: number;
  /** The end of the sound minus the end of the picture, ms (negative: the sound ends first). */
  endDifferenceMs: number;
  /** One video frame and one audio frame, ms, as the recording's packets last. */
  videoFrameMs: number;
  audioFrameMs: number;
  videoPackets: number;
  audioPackets: number;
  /** The first and the last timestamp, ms. */
  firstMs: number;
  lastMs: number;
}

/** Calls `each` with every line a process prints, as it prints them. */
async function eachLine(proc: { stdout: ReadableStream<Uint8Array> }, each: (line: string) => void) {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of proc.stdout) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) each(line);
  }
  if (rest) each(rest);
}

/** How many times ffmpeg's muxer refuses a timestamp when the whole recording is copied through it. */
export async function dtsErrors(file: string): Promise<number> {
  const proc = Bun.spawn(
    [FFMPEG, "-hide_banner", "-v", "error", "-i", file, "-map", "0", "-c", "copy", "-f", "null", "-"],
    {
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  let count = 0;
  await eachLine({ stdout: proc.stderr }, (line) => {
    if (line.includes("non monotonically increasing dts")) count += 1;
  });
  await proc.exited;
  return count;
}

interface StreamWalk {
  packets: number;
  lastStart: number;
  lastEnd: number;
  /** The latest presentation end seen. */
  shownEnd: number;
  durations: Map<number, number>;
}

const walk = (): StreamWalk => ({
  packets: 0,
  lastStart: Number.NaN,
  lastEnd: Number.NaN,
  shownEnd: Number.NaN,
  durations: new Map(),
});

/** The commonest packet duration: a frame's length, unswayed by the odd seam. */
function commonest(durations: Map<number, number>): number {
  let best = 0;
  let seen = -1;
  for (const [d, n] of durations) if (n > seen) [best, seen] = [d, n];
  return best;
}

/** Reads every packet's timing with ffprobe and measures the figures above. */
export async function checkRecording(file: string): Promise<RecordingFigures> {
  const probe = Bun.spawn(
    // -o writes through ffmpeg's buffered I/O: to plain stdout ffprobe flushes every packet's line,
    // and reading weeks of packets one line per read takes several times as long.
    [
      FFPROBE,
      "-v",
      "error",
      "-show_entries",
      "packet=codec_type,dts,pts,duration,flags",
      "-of",
      "csv=p=0",
      "-o",
      "pipe:1",
      file,
    ],
    { stdout: "pipe", stderr: "ignore" },
  );
  const video = walk();
  const audio = walk();
  let lastKey = Number.NaN;
  let maxKeyframeGapMs = 0;
  let maxKeyframeGapAtMs = 0;
  let maxAudioHoleMs = 0;
  let maxAudioHoleAtMs = 0;
  let maxAudioOverlapMs = 0;
  let firstMs = Number.NaN;
  let lastMs = Number.NaN;
  const errors = dtsErrors(file);
  await eachLine(probe, (line) => {
    // ffprobe prints the entries in its own order: type, pts, dts, duration, flags.
    const [type, ptsText, dtsText, durationText, flags = ""] = line.split(",");
    const dts = Number(dtsText);
    if (!Number.isFinite(dts) || (type !== "video" && type !== "audio")) return;
    const duration = Number(durationText) || 0;
    const s = type === "video" ? video : audio;
    s.packets += 1;
    s.durations.set(duration, (s.durations.get(duration) ?? 0) + 1);
    if (Number.isNaN(firstMs) || dts < firstMs) firstMs = dts;
    if (Number.isNaN(lastMs) || dts > lastMs) lastMs = dts;
    if (type === "video" && flags.startsWith("K")) {
      if (!Number.isNaN(lastKey) && dts - lastKey > maxKeyframeGapMs) {
        maxKeyframeGapMs = dts - lastKey;
        maxKeyframeGapAtMs = lastKey;
      }
      lastKey = dts;
    }
    if (type === "audio" && !Number.isNaN(s.lastEnd) && dts - s.lastEnd > maxAudioHoleMs) {
      maxAudioHoleMs = dts - s.lastEnd;
      maxAudioHoleAtMs = s.lastEnd;
    }
    if (type === "audio" && !Number.isNaN(s.lastEnd))
      maxAudioOverlapMs = Math.max(maxAudioOverlapMs, s.lastEnd - dts);
    s.lastStart = dts;
    s.lastEnd = dts + duration;
    // Where the picture ends is its last frame's presentation, not its decoding: with B-frames the
    // decoding time runs a few frames ahead of what is shown.
    const pts = Number(ptsText);
    const shown = (Number.isFinite(pts) ? pts : dts) + duration;
    if (Number.isNaN(s.shownEnd) || shown > s.shownEnd) s.shownEnd = shown;
  });
  await probe.exited;
  return {
    dtsErrors: await errors,
    maxKeyframeGapMs,
    maxKeyframeGapAtMs,
    maxAudioHoleMs,
    maxAudioHoleAtMs,
    maxAudioOverlapMs,
    endDifferenceMs: audio.shownEnd - video.shownEnd,
    videoFrameMs: commonest(video.durations),
    audioFrameMs: commonest(audio.durations),
    videoPackets: video.packets,
    audioPackets: audio.packets,
    firstMs,
    lastMs,
  };
}

/**
 * The bar a seamless loop must clear at the receiver: no refused timestamp, no keyframe gap over
 * `keyframeBudgetMs` plus one frame, no sound hole over one audio frame, no sound packet starting
 * before the previous one ends (beyond FLV's millisecond rounding), and picture and sound ending
 * within one frame of each other. Answers the figures that miss it, as sentences (empty: it clears).
 */
export function seamMisses(f: RecordingFigures, keyframeBudgetMs = 2000): string[] {
  const misses: string[] = [];
  if (f.dtsErrors > 0) misses.push(`${f.dtsErrors} non-monotonic DTS errors`);
  if (f.maxKeyframeGapMs > keyframeBudgetMs + f.videoFrameMs)
    misses.push(`keyframe gap ${f.maxKeyframeGapMs} ms at ${f.maxKeyframeGapAtMs} ms`);
  // FLV keeps milliseconds, so a frame's length is rounded either way: one millisecond of slack.
  if (f.maxAudioHoleMs > f.audioFrameMs + 1)
    misses.push(`audio hole ${f.maxAudioHoleMs} ms at ${f.maxAudioHoleAtMs} ms`);
  if (f.maxAudioOverlapMs > 1) misses.push(`audio packets overlap by ${f.maxAudioOverlapMs} ms`);
  const frame = Math.max(f.videoFrameMs, f.audioFrameMs);
  if (Math.abs(f.endDifferenceMs) > frame + 1)
    misses.push(`audio and video end ${f.endDifferenceMs} ms apart`);
  return misses;
}

/** Every packet's timestamp (ms) in a short recording, as ffprobe reads it, in file order. */
export function packetTimes(file: string): number[] {
  const out = Bun.spawnSync([FFPROBE, "-v", "error", "-show_entries", "packet=pts", "-of", "csv=p=0", file]);
  return out.stdout
    .toString()
    .split("\n")
    .map((l) => Number.parseInt(l, 10))
    .filter((n) => Number.isFinite(n));
}
