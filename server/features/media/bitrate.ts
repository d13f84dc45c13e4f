import { runTool } from "./run";

// Bitrate second by second, from packet sizes alone (no decoding): what an ingest that judges each
// second sees. The mean hides a busy second; Steam's cap applies to every one.

export interface BitrateProfile {
  /** Mean over the whole seconds (a last, partial second would pull it down). */
  meanKbps: number;
  /** The busiest second, counted from the first packet's time. */
  peakKbps: number;
  /** Seconds counted, the last partial one included. */
  seconds: number;
}

export interface TimedPacket {
  time: number;
  bytes: number;
}

export function bitrateProfile(packets: TimedPacket[]): BitrateProfile | null {
  if (packets.length === 0) return null;
  // A loop, not Math.min(...): an hour holds more packets than a call takes arguments.
  let start = Number.POSITIVE_INFINITY;
  for (const p of packets) start = Math.min(start, p.time);
  const bytes: number[] = [];
  for (const p of packets) {
    const second = Math.floor(p.time - start);
    bytes[second] = (bytes[second] ?? 0) + p.bytes;
  }
  const kbps = Array.from(bytes, (b) => ((b ?? 0) * 8) / 1000);
  const whole = kbps.length > 1 ? kbps.slice(0, -1) : kbps;
  let peak = 0;
  for (const k of kbps) peak = Math.max(peak, k);
  return {
    meanKbps: Math.round(whole.reduce((a, b) => a + b, 0) / whole.length),
    peakKbps: Math.round(peak),
    seconds: kbps.length,
  };
}

/** ffprobe's `pts_time,size` lines; packets without a time (some containers' headers) are skipped. */
export function parsePacketLines(csv: string): TimedPacket[] {
  const out: TimedPacket[] = [];
  for (const line of csv.split("\n")) {
    const [time, size] = line.split(",");
    const t = Number(time);
    const b = Number(size);
    if (time && time !== "N/A" && Number.isFinite(t) && Number.isFinite(b)) out.push({ time: t, bytes: b });
  }
  return out;
}

/**
 * One ffprobe run over the packets of the first `windowSeconds`: the picture's alone, or every
 * stream's (what goes on the wire). Null when ffprobe fails or finds no packet.
 */
export async function readBitrate(
  ffprobe: string,
  path: string,
  opts: { streams: "video" | "all"; windowSeconds: number; timeoutMs: number },
): Promise<BitrateProfile | null> {
  const select = opts.streams === "video" ? ["-select_streams", "v:0"] : [];
  const cmd = [
    ffprobe,
    "-v",
    "error",
    ...select,
    "-read_intervals",
    `%+${opts.windowSeconds}`,
    "-show_entries",
    "packet=pts_time,size",
    "-of",
    "csv=p=0",
    path,
  ];
  const out = await runTool(cmd, opts.timeoutMs, "probe");
  return out.code === 0 ? bitrateProfile(parsePacketLines(out.stdout)) : null;
}
