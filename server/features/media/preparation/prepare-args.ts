// The one re-encode: a file that cannot be stream-copied is prepared once beforehand into what the
// ingests take by copy. An argument list, never a shell string.

export interface PrepareSource {
  frameRate: number | null;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** The picture's length: the sound is padded or cut to it. */
  videoSeconds: number | null;
}

/** A prepared file: 1920×1080, 30 fps, H.264 High 4.1, video 6000 kbps constant (a margin under
 * Steam's 7000, where ingests were seen to reject streams), AAC-LC 128k. */
export const PREPARED_FPS = 30;
export const PREPARED_LEVEL = "4.1";
export const PREPARED_VIDEO_KBPS = 6000;
export const PREPARED_AUDIO_KBPS = 128;
export const PREPARED_KEYFRAME_S = 2;
/**
 * The encoder's buffer, in seconds of the video bitrate. Steam asks for constant bitrate and judges
 * the stream second by second: with a buffer of two seconds, a busy, noisy picture spent 9 Mbit in
 * its first second. Half a second keeps every second within a few percent of the mean.
 */
export const PREPARED_BUFFER_S = 0.5;
const GOP = PREPARED_FPS * PREPARED_KEYFRAME_S;

/**
 * Every prepared file has the same frame, 1920×1080 (16:9, the size Steam recommends), whatever its
 * source: prepared copies of any videos then share one shape, so a playlist of them joins by stream
 * copy into one session. Part of the prepared file's name, so copies made to another frame are made again.
 */
export const PREPARED_FRAME = { width: 1920, height: 1080 } as const;
export const PREPARED_FORMAT = "1080p30cbr";

/** Fit the picture in the 16:9 frame (black bars where the ratio differs), then 30 fps. */
function videoFilter(): string {
  const { width: w, height: h } = PREPARED_FRAME;
  return [
    `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
    "setsar=1",
    `fps=${PREPARED_FPS}`,
  ].join(",");
}

/** Silence after the sound without end, cut at the picture's length when it is known. */
const audioFilter = (source: PrepareSource) =>
  source.videoSeconds ? `apad,atrim=end=${source.videoSeconds.toFixed(3)}` : "apad";

/**
 * Re-encode once into what Steam takes by stream copy (and so does any custom server): H.264 High
 * level 4.1, a keyframe every 2 s, AAC-LC 128k stereo. Sound shorter than the picture is padded with
 * silence to its length (a looped file whose sound runs short drifts until ffmpeg fails); a file
 * without sound gets a silent track, because ingest servers expect one.
 */
export function prepareArgs(input: string, output: string, source: PrepareSource): string[] {
  const args = ["-hide_banner", "-nostdin", "-y", "-i", input];
  if (!source.hasAudio) args.push("-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo");
  const video = [
    ["-map", "0:v:0", "-vf", videoFilter(), "-c:v", "libx264", "-profile:v", "high"],
    ["-level:v", PREPARED_LEVEL, "-preset", "veryfast", "-pix_fmt", "yuv420p"],
    // Constant bitrate with a real buffer: the rate is the ceiling too, the buffer is short, and x264
    // signals CBR in the stream (filler fills quiet scenes, so each second weighs the same).
    ["-b:v", `${PREPARED_VIDEO_KBPS}k`, "-maxrate", `${PREPARED_VIDEO_KBPS}k`],
    ["-bufsize", `${PREPARED_VIDEO_KBPS * PREPARED_BUFFER_S}k`, "-x264-params", "nal-hrd=cbr"],
    ["-sc_threshold", "0"],
    // A fixed GOP at the fixed frame rate: forcing keyframes by time lands a frame late on rounding.
    ["-g", String(GOP), "-keyint_min", String(GOP)],
  ].flat();
  const audio = [
    ["-map", source.hasAudio ? "0:a:0" : "1:a:0", "-af", audioFilter(source), "-c:a", "aac"],
    ["-profile:a", "aac_low"],
    ["-b:a", `${PREPARED_AUDIO_KBPS}k`, "-ar", "44100", "-ac", "2"],
  ].flat();
  // -shortest alone lets the padded sound run a few frames past the picture; the trim ends it exactly.
  const out = ["-shortest", "-movflags", "+faststart", "-f", "mp4", "-progress", "pipe:1"];
  return [...args, ...video, ...audio, ...out, "-stats_period", "1", output];
}
