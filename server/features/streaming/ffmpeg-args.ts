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

/**
 * For an rtmps:// ingest, ffmpeg's TLS layer (GnuTLS on Debian) must check the certificate: by default
 * it accepts any, self-signed included, and the key would go to whoever answers. With verification
 * the handshake fails before the first RTMP byte, so the key is never sent. Without a CA file GnuTLS
 * trusts the system's CA store; a CA file is trusted in its place (a private ingest). Output options
 * reach the tls protocol under rtmps.
 */
export function tlsArgs(rtmpUrl: string, caFile: string | null): string[] {
  if (!/^rtmps:\/\//i.test(rtmpUrl)) return [];
  return ["-tls_verify", "1", ...(caFile ? ["-ca_file", caFile] : [])];
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
 * Where a run ends by itself: after `loops` more plays of the file when it can tell where the file's
 * loops end (ffmpeg then ends at a loop seam), and never after `endAfterSeconds` of output; its
 * timestamps start at `offsetMs`.
 */
export interface RunSpan {
  endAfterSeconds: number;
  offsetMs: number;
  /** -stream_loop's count (plays after the first); null loops for ever, ended by the time alone. */
  loops: number | null;
}

/** Real time is `-re`; a benchmark's faster rate is -readrate, and 0 reads as fast as ffmpeg can. */
function readRateArgs(readRate: number): string[] {
  if (readRate === 1) return ["-re"];
  return readRate > 0 ? ["-readrate", String(readRate)] : [];
}

/**
 * Push a stream-copyable file in a loop, in real time, reporting progress on stdout every second.
 * A playlist's list file is read by the concat demuxer; -safe 0 lets it name absolute paths.
 * With a span, ffmpeg ends by itself (exit code 0) after exactly that much output (-t counts from
 * the output's start, not from the offset), so a planned reconnect can end on a loop seam.
 * `read.readRate` is 1 (`-re`) but in benchmarks; `read.seekSeconds` starts the file there (a resume): stream copy starts at the keyframe at or before it.
 * Such a run must not loop (loops 0): after an -ss start, ffmpeg 5.1 shifts every later loop by the
 * seek too, and the receiver's timestamps jump back at the seam.
 */
export function streamArgs(
  file: string,
  target: RtmpTarget,
  caFile: string | null = null,
  span: RunSpan | null = null,
  read: { seekSeconds?: number; readRate?: number } = {},
): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    ...readRateArgs(read.readRate ?? 1),
    ...(read.seekSeconds ? ["-ss", read.seekSeconds.toFixed(3)] : []),
    "-stream_loop",
    String(span?.loops ?? -1),
    ...(isConcatList(file) ? ["-f", "concat", "-safe", "0"] : []),
    "-i",
    file,
    "-c",
    "copy",
    "-f",
    "flv",
    "-flvflags",
    "no_duration_filesize",
    ...(span?.offsetMs ? ["-output_ts_offset", `${span.offsetMs}ms`] : []),
    ...(span ? ["-t", span.endAfterSeconds.toFixed(3)] : []),
    "-progress",
    "pipe:1",
    "-stats_period",
    "1",
    ...tlsArgs(target.url, caFile),
    ...targetArgs(target),
  ];
}

/** Marks that tell our own streaming ffmpeg apart from any other process (used on start-up reconcile). */
export function looksLikeOurStream(argv: string[]): boolean {
  const name = argv[0]?.split("/").pop() ?? "";
  const at = (flag: string, value: string) => argv.some((a, i) => a === flag && argv[i + 1] === value);
  // Any loop count: a run that ends at a loop seam for its planned reconnect loops a set number of times.
  return (
    name.includes("ffmpeg") && at("-progress", "pipe:1") && at("-f", "flv") && argv.includes("-stream_loop")
  );
}
