import type { LiveFigures } from "@shared/schemas/streaming";

/** What one progress block says; where in the play the run is, ffmpeg cannot know. */
export type ProgressFigures = Omit<LiveFigures, "play_seconds">;

// ffmpeg's -progress output: blocks of key=value lines, each ended by progress=continue|end.

const number = (v: string | undefined): number => {
  const n = Number.parseFloat(v ?? "");
  return Number.isFinite(n) ? n : 0;
};

/** One block → figures. `out_time_us` and, despite its name, `out_time_ms` are both microseconds. */
export function figuresOf(block: Map<string, string>): ProgressFigures {
  const micros = block.get("out_time_us") ?? block.get("out_time_ms");
  return {
    frame: Math.trunc(number(block.get("frame"))),
    fps: number(block.get("fps")),
    // "1234.5kbits/s", or "N/A" before the first packet.
    bitrate_kbps: number(block.get("bitrate")),
    // "1.01x", or "N/A".
    speed: number(block.get("speed")),
    out_time_seconds: Math.max(0, Math.round(number(micros) / 1000) / 1000),
    dropped_frames: Math.trunc(number(block.get("drop_frames"))),
    dup_frames: Math.trunc(number(block.get("dup_frames"))),
  };
}

/** Feeds text in any chunking; calls `onBlock` once per complete block. */
export class ProgressParser {
  private buffer = "";
  private block = new Map<string, string>();

  constructor(private readonly onBlock: (block: Map<string, string>, ended: boolean) => void) {}

  push(text: string): void {
    this.buffer += text;
    let nl = this.buffer.indexOf("\n");
    while (nl !== -1) {
      const line = this.buffer.slice(0, nl).trim();
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line);
      nl = this.buffer.indexOf("\n");
    }
  }

  private line(line: string): void {
    const eq = line.indexOf("=");
    if (eq <= 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === "progress") {
      const done = this.block;
      this.block = new Map();
      this.onBlock(done, value === "end");
    } else {
      this.block.set(key, value);
    }
  }
}
