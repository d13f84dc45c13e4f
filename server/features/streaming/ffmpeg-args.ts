// The ffmpeg command lines, as argument lists (never a shell string, so nothing in a name or URL is
// ever interpreted). Streams copy, never re-encode live: stream copy costs 1-2 % of a core, re-encoding
// 70-120 %, so a file that cannot be copied is prepared once beforehand.

/**
 * Where ffmpeg publishes. With a key, it goes as OBS sends it: the URL names only the server and the
 * application, and the key travels apart as the publish name (`-rtmp_playpath`), so no URL ffmpeg
 * sees or sends (the tcUrl) holds it, and a key with `?`, `&` or `/` reaches the ingest unparsed.
 */
export interface RtmpTarget {
  /** rtmp(s)://[user:password@]host[:port]/app, without the key. */
  url: string;
  /** The application (the URL's path); null when there is no key and the URL is used as given. */
  app: string | null;
  tcUrl: string | null;
  playpath: string | null;
}

export function rtmpTarget(rtmpUrl: string, streamKey: string): RtmpTarget {
  if (!streamKey) return { url: rtmpUrl, app: null, tcUrl: null, playpath: null };
  const [, origin = rtmpUrl, path = ""] = /^(rtmps?:\/\/[^/?#]+)(.*)$/i.exec(rtmpUrl) ?? [];
  const app = path.replace(/^\/+|\/+$/g, "");
  const url = app ? `${origin}/${app}` : origin;
  // The tcUrl is sent to the ingest in the clear, so it never carries user:password either.
  const tcUrl = url.replace(/^(rtmps?:\/\/)[^/@]*@/i, "$1");
  return { url, app, tcUrl, playpath: streamKey };
}

/** The options that say where to publish, ending with the URL (the last argument). */
function targetArgs(target: RtmpTarget): string[] {
  if (target.playpath === null) return [target.url];
  return [
    "-rtmp_app",
    target.app ?? "",
    "-rtmp_tcurl",
    target.tcUrl ?? target.url,
    "-rtmp_playpath",
    target.playpath,
    target.url,
  ];
}

/** A playlist's list file (server/features/streaming/playlists/playlist-input.ts); uploads never end so. */
export const isConcatList = (file: string) => file.endsWith(".ffconcat");

/**
 * Push a stream-copyable file in a loop, in real time, reporting progress on stdout every second.
 * A playlist's list file is read by the concat demuxer; -safe 0 lets it name absolute paths.
 */
export function streamArgs(file: string, target: RtmpTarget): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-re",
    "-stream_loop",
    "-1",
    ...(isConcatList(file) ? ["-f", "concat", "-safe", "0"] : []),
    "-i",
    file,
    "-c",
    "copy",
    "-f",
    "flv",
    "-flvflags",
    "no_duration_filesize",
    "-progress",
    "pipe:1",
    "-stats_period",
    "1",
    ...targetArgs(target),
  ];
}

/** Marks that tell our own streaming ffmpeg apart from any other process (used on start-up reconcile). */
export function looksLikeOurStream(argv: string[]): boolean {
  const name = argv[0]?.split("/").pop() ?? "";
  const at = (flag: string, value: string) => argv.some((a, i) => a === flag && argv[i + 1] === value);
  return name.includes("ffmpeg") && at("-progress", "pipe:1") && at("-f", "flv") && at("-stream_loop", "-1");
}

export interface PrepareSource {
  frameRate: number | null;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** The picture's length: the sound is padded or cut to it. */
  videoSeconds: number | null;
}

/** A prepared file: 1920×1080, 30 fps, H.264 High 4.1, video 6000 kbps (a margin under
 * Steam's 7000, where ingests were seen to reject streams), AAC-LC 128k. */
export const PREPARED_FPS = 30;
export const PREPARED_LEVEL = "4.1";
export const PREPARED_VIDEO_KBPS = 6000;
export const PREPARED_AUDIO_KBPS = 128;
export const PREPARED_KEYFRAME_S = 2;
const GOP = PREPARED_FPS * PREPARED_KEYFRAME_S;

/**
 * Every prepared file has the same frame, 1920×1080 (16:9, the size Steam recommends), whatever its
 * source: prepared copies of any videos then share one shape, so a playlist of them joins by stream
 * copy into one session. Part of the prepared file's name, so copies made to another frame are made again.
 */
export const PREPARED_FRAME = { width: 1920, height: 1080 } as const;
export const PREPARED_FORMAT = "1080p30";

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
    ["-b:v", `${PREPARED_VIDEO_KBPS}k`, "-maxrate", `${PREPARED_VIDEO_KBPS}k`],
    ["-bufsize", `${PREPARED_VIDEO_KBPS * 2}k`, "-sc_threshold", "0"],
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
