// A made-up trailer (test pattern + tone) that Steam takes by stream copy: H.264 High/AAC-LC, 30 fps with a
// keyframe every 2 s, faststart mp4, its sound ending with the picture so it loops without a seam.
// The demo seed and the stream benchmark both make one.
import { preparedFrames, preparedSamples } from "./preparation/prepare-args";

export interface SyntheticVideo {
  seconds: number;
  /** Frame size, e.g. "1280x720". */
  size: string;
  /** Pitch of the tone in Hz. */
  toneHz: number;
  preset: "ultrafast" | "veryfast";
  /** Rate control and any filter or profile, e.g. ["-b:v", "2500k"]. */
  videoArgs: string[];
}

/** The whole ffmpeg command line writing `video` to `out`. */
export function syntheticVideoCommand(ffmpeg: string, video: SyntheticVideo, out: string): string[] {
  return [
    ffmpeg,
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${video.size}:rate=30:duration=${video.seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${video.toneHz}:sample_rate=48000:duration=${video.seconds + 1}`,
    // Cut as a prepared copy's sound is: whole AAC frames inside the picture, less the priming one.
    "-af",
    `atrim=end_sample=${preparedSamples(preparedFrames(video.seconds))}`,
    "-c:v",
    "libx264",
    "-preset",
    video.preset,
    "-pix_fmt",
    "yuv420p",
    // Steam needs High profile; ultrafast alone would write Constrained Baseline (no 8x8 transform).
    "-profile:v",
    "high",
    "-x264-params",
    "8x8dct=1",
    ...video.videoArgs,
    "-g",
    "60",
    "-keyint_min",
    "60",
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    out,
  ];
}
