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
 * Steam's 7000, where ingests were seen to reject streams), AAC-LC 128k at 48 kHz. */
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
export const PREPARED_FORMAT = "1080p30cbr-seamless";

/**
 * A looped file leaves no seam on the wire only when its sound, as stored, ends where its picture
 * ends: ffmpeg's -stream_loop starts each new play one picture length later, so sound running past
 * the picture overlaps itself (refused timestamps, a stretched keyframe gap), and sound short of it
 * leaves a hole. AAC comes in frames of 1024 samples and the stored sound begins with the encoder's
 * one-frame priming, so the sound is cut to the whole frames that fit in the picture, less that one:
 * the hole at each seam is then under one AAC frame (none when the picture is a multiple of 16
 * frames, 0.5333 s = 25 AAC frames at 48 kHz). The picture keeps its length in whole frames, so a
 * run that plays the file a set number of times still ends where it planned.
 */
export const PREPARED_AUDIO_RATE = 48_000;
export const AAC_FRAME_SAMPLES = 1024;

/** The prepared picture's length in frames: the source's, to the nearest frame. */
export const preparedFrames = (videoSeconds: number) => Math.max(2, Math.round(videoSeconds * PREPARED_FPS));

/** The prepared sound's length in samples: the AAC frames that fit in the picture, less the priming one. */
export function preparedSamples(frames: number): number {
  const fit = Math.floor((frames * PREPARED_AUDIO_RATE) / PREPARED_FPS / AAC_FRAME_SAMPLES);
  return Math.max(1, fit - 1) * AAC_FRAME_SAMPLES;
}

/**
 * Fit the picture in the 16:9 frame (black bars where the ratio differs), then 30 fps; with a known
 * length, exactly that many frames (the last held if the rate conversion comes up short).
 */
function videoFilter(frames: number | null): string {
  const { width: w, height: h } = PREPARED_FRAME;
  const fit = [
    `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
    "setsar=1",
    `fps=${PREPARED_FPS}`,
  ];
  if (frames === null) return fit.join(",");
  return [...fit, `tpad=stop_mode=clone:stop=${PREPARED_FPS}`, `trim=end_frame=${frames}`].join(",");
}

/** Silence after the sound without end, cut to its exact length in samples when the picture's is known. */
const audioFilter = (frames: number | null) =>
  frames === null
    ? `aresample=${PREPARED_AUDIO_RATE},apad`
    : `aresample=${PREPARED_AUDIO_RATE},apad,atrim=end_sample=${preparedSamples(frames)}`;

/**
 * Re-encode once into what Steam takes by stream copy (and so does any custom server): H.264 High
 * level 4.1, a keyframe every 2 s, AAC-LC 128k stereo. Sound shorter than the picture is padded with
 * silence to its length (a looped file whose sound runs short drifts until ffmpeg fails); a file
 * without sound gets a silent track, because ingest servers expect one.
 */
export function prepareArgs(input: string, output: string, source: PrepareSource): string[] {
  const args = ["-hide_banner", "-nostdin", "-y", "-i", input];
  if (!source.hasAudio) args.push("-f", "lavfi", "-i", `anullsrc=r=${PREPARED_AUDIO_RATE}:cl=stereo`);
  const frames = source.videoSeconds ? preparedFrames(source.videoSeconds) : null;
  const video = [
    ["-map", "0:v:0", "-vf", videoFilter(frames), "-c:v", "libx264", "-profile:v", "high"],
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
    ["-map", source.hasAudio ? "0:a:0" : "1:a:0", "-af", audioFilter(frames), "-c:a", "aac"],
    ["-profile:a", "aac_low"],
    ["-b:a", `${PREPARED_AUDIO_KBPS}k`, "-ar", String(PREPARED_AUDIO_RATE), "-ac", "2"],
  ].flat();
  // With a known length both trims end the streams exactly (-shortest would cut the picture where
  // the sound, a frame shorter, ends); without one, the padded sound ends with the picture.
  const out = [...(frames === null ? ["-shortest"] : []), "-movflags", "+faststart", "-f", "mp4"];
  out.push("-progress", "pipe:1");
  return [...args, ...video, ...audio, ...out, "-stats_period", "1", output];
}
