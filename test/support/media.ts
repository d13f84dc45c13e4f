import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Small real media files made with ffmpeg, once per process, in a temp dir removed at exit.
// Used by the media tests and by the streaming tests (an H.264/AAC mp4 with 2 s keyframes).

const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
let dir: string | undefined;
const cache = new Map<string, Promise<string>>();

function workDir(): string {
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), "console-media-fixtures-"));
    const made = dir;
    process.once("exit", () => rmSync(made, { recursive: true, force: true }));
  }
  return dir;
}

async function ffmpeg(args: string[], out: string): Promise<string> {
  const proc = Bun.spawn([FFMPEG, "-hide_banner", "-loglevel", "error", "-y", ...args, out], {
    stdout: "ignore",
    stderr: "pipe",
  });
  const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`ffmpeg failed (${code}) making ${out}: ${err}`);
  return out;
}

function once(name: string, make: (out: string) => Promise<string>): Promise<string> {
  let made = cache.get(name);
  if (!made) {
    made = make(join(workDir(), name));
    cache.set(name, made);
  }
  return made;
}

const testSource = (seconds: number, size = "320x240", rate = 25) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
];

export interface H264Options {
  size?: string;
  rate?: number;
  /** Seconds between keyframes. */
  keyframeS?: number;
  /**
   * Length of the sound. When not given, the sound is cut to the whole AAC frames that fit in the
   * picture less the encoder's priming one, so the file loops by stream copy without a seam.
   */
  audioSeconds?: number;
  /** x264 settings, e.g. "8x8dct=0" for a Main-profile file. */
  x264?: string;
}

/**
 * An H.264 High + AAC-LC mp4 of the test pattern and a tone. With no options it passes every one of
 * Steam's rules (16:9, 30 fps, a keyframe every 2 s, sound ending with the picture, so it loops
 * without a seam); each option breaks one.
 */
export function h264Mp4(
  seconds: number,
  o: H264Options = {},
  name = `h264-${seconds}s-${JSON.stringify(o)}`,
) {
  const { size = "320x180", rate = 30, keyframeS = 2 } = o;
  const gop = String(Math.round(rate * keyframeS));
  const fit = Math.floor((Math.round(seconds * rate) / rate) * (48_000 / 1024));
  const cut = o.audioSeconds === undefined ? `end_sample=${(fit - 1) * 1024}` : `end=${o.audioSeconds}`;
  return once(`${name.replace(/[^\w.-]+/g, "_")}.mp4`, (out) =>
    ffmpeg(
      [
        ...["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
        ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds + 1}`],
        ...["-af", `atrim=${cut}`],
        ...["-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-profile:v", "high"],
        ...["-x264-params", o.x264 ?? "8x8dct=1", "-pix_fmt", "yuv420p"],
        ...["-g", gop, "-keyint_min", gop, "-sc_threshold", "0", "-c:a", "aac", "-b:a", "64k"],
        ...["-movflags", "+faststart"],
      ],
      out,
    ),
  );
}

/**
 * A 320×180, 30 fps clip as an editor exports it: x264 "veryfast" with B-frames, a keyframe every
 * 2 s, and AAC sound of the given rate and length, whole (not cut to the loop seam).
 */
export const exportedClipMp4 = (frames: number, audio: { rate: number; seconds: number }) =>
  once(`exported-${frames}f-${audio.rate}-${audio.seconds}s.mp4`, (out) =>
    ffmpeg(
      [
        ...["-f", "lavfi", "-i", `testsrc2=size=320x180:rate=30:duration=${frames / 30}`],
        ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=${audio.rate}:duration=${audio.seconds}`],
        ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
        ...["-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "64k"],
      ],
      out,
    ),
  );

/** What Steam takes by stream copy: H.264 High + AAC-LC, 16:9, 30 fps, keyframes every 2 s exactly. */
export const steamReadyMp4 = (seconds = 6) => h264Mp4(seconds, {}, `steam-ready-${seconds}s`);

/** H.264 + AAC but one keyframe every 5 s: readable, not Steam-ready. */
export const sparseKeyframesMp4 = (seconds = 11) =>
  once(`sparse-keyframes-${seconds}s.mp4`, (out) =>
    ffmpeg(
      [
        ...testSource(seconds),
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-g",
        "125",
        "-keyint_min",
        "125",
        "-sc_threshold",
        "0",
        "-c:a",
        "aac",
        "-shortest",
      ],
      out,
    ),
  );

/** An AVI (MPEG-4 part 2 + MP3): a video, not Steam-ready. */
export const aviVideo = (seconds = 2) =>
  once(`clip-${seconds}s.avi`, (out) =>
    ffmpeg([...testSource(seconds), "-c:v", "mpeg4", "-c:a", "libmp3lame", "-shortest"], out),
  );

/**
 * The hardest picture for a bitrate: 1920×1080 at 30 fps, moving, under strong noise that changes
 * every frame, kept near-lossless so the preparation has all of it to squeeze.
 */
export const noisy1080pMp4 = (seconds = 8) =>
  once(`noisy-1080p-${seconds}s.mp4`, (out) =>
    ffmpeg(
      [
        ...testSource(seconds, "1920x1080", 30),
        "-vf",
        "noise=alls=60:allf=t+u",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-crf",
        "20",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-shortest",
      ],
      out,
    ),
  );

export const pngImage = () =>
  once("still.png", (out) =>
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=1", "-frames:v", "1"], out),
  );

export const jpegImage = () =>
  once("still.jpg", (out) =>
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=1", "-frames:v", "1"], out),
  );

/** Plain text with a video file's name: the content check must refuse it. */
export const textAsMp4 = () =>
  once("notes.mp4", async (out) => {
    writeFileSync(out, "These are meeting notes, not a video.\n".repeat(50));
    return out;
  });

/** The multipart body of POST /api/media/upload; the projectId field before or after the file. */
export function uploadForm(projectId: number | string | null, file: Blob, name: string, fieldFirst = true) {
  const form = new FormData();
  if (projectId !== null && fieldFirst) form.append("projectId", String(projectId));
  form.append("media", file, name);
  if (projectId !== null && !fieldFirst) form.append("projectId", String(projectId));
  return form;
}

/**
 * Everything under DATA_DIR/media (resumable uploads under way included) and DATA_DIR/tmp, so a test
 * can say "nothing left behind".
 */
export function filesOnDisk(dataDir: string): string[] {
  const out: string[] = [];
  for (const sub of ["media", "media/posters", "media/prepared", "media/.uploads", "tmp"]) {
    try {
      for (const f of readdirSync(join(dataDir, sub))) {
        if (statSync(join(dataDir, sub, f)).isFile()) out.push(`${sub}/${f}`);
      }
    } catch {}
  }
  return out.sort();
}

/**
 * A real mp4 (moov first) padded to `bytes` with an ISO BMFF `free` box, which readers skip: big
 * uploads (benchmarks, a progress bar to watch) without encoding minutes of video. Written to `target`.
 */
export async function paddedMp4(target: string, bytes: number): Promise<string> {
  const head = readFileSync(await steamReadyMp4());
  const padding = bytes - head.length;
  if (padding < 8 || padding > 0xffffffff) throw new Error("paddedMp4: size out of range");
  const fd = openSync(target, "w");
  try {
    writeSync(fd, head);
    const box = Buffer.alloc(8);
    box.writeUInt32BE(padding, 0);
    box.write("free", 4, "latin1");
    writeSync(fd, box);
    const block = Buffer.alloc(8 * 1024 * 1024, 0x5a);
    for (let left = padding - 8; left > 0; left -= block.length)
      writeSync(fd, block, 0, Math.min(left, block.length));
  } finally {
    closeSync(fd);
  }
  return target;
}
