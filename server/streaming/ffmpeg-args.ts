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

/** Push a stream-copyable file in a loop, in real time, reporting progress on stdout every second. */
export function streamArgs(file: string, target: RtmpTarget): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-re",
    "-stream_loop",
    "-1",
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
}

/** The ceiling of a prepared file: at most 1080p30 and 6000 kbps, whatever the source. */
export const PREPARED_MAX_FPS = 30;
export const PREPARED_VIDEO_KBPS = 6000;
export const PREPARED_AUDIO_KBPS = 128;
export const PREPARED_KEYFRAME_S = 2;

/**
 * Re-encode once into what Steam takes by stream copy: H.264 High, AAC-LC 128k stereo, a keyframe
 * every 2 s, at most 1080p (aspect kept) and 30 fps, video capped at 6000 kbps. A file without sound
 * gets a silent track, because ingest servers expect one.
 */
export function prepareArgs(input: string, output: string, source: PrepareSource): string[] {
  const fps = Math.min(
    PREPARED_MAX_FPS,
    source.frameRate && source.frameRate > 0 ? source.frameRate : PREPARED_MAX_FPS,
  );
  const scale =
    "scale=w='min(1920,iw)':h='min(1080,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2";
  const args = ["-hide_banner", "-nostdin", "-y", "-i", input];
  if (!source.hasAudio) args.push("-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo");
  args.push(
    "-map",
    "0:v:0",
    "-map",
    source.hasAudio ? "0:a:0" : "1:a:0",
    "-vf",
    `${scale},fps=${fps}`,
    "-c:v",
    "libx264",
    "-profile:v",
    "high",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    `${PREPARED_VIDEO_KBPS}k`,
    "-maxrate",
    `${PREPARED_VIDEO_KBPS}k`,
    "-bufsize",
    `${PREPARED_VIDEO_KBPS * 2}k`,
    "-force_key_frames",
    `expr:gte(t,n_forced*${PREPARED_KEYFRAME_S})`,
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-profile:a",
    "aac_low",
    "-b:a",
    `${PREPARED_AUDIO_KBPS}k`,
    "-ar",
    "44100",
    "-ac",
    "2",
    "-shortest",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    "-progress",
    "pipe:1",
    "-stats_period",
    "1",
    output,
  );
  return args;
}
