// Whether an ended ffmpeg run was the ingest refusing the publish (a bad or revoked key, a name it does
// not take). ffmpeg 5.1 has no word for it; ingests refuse in one of two ways, and each leaves a mark:
// - nginx-rtmp (on_publish answering non-2xx) never answers the publish and drops the connection, so
//   opening the output fails with "<url>: Input/output error" and ffmpeg never prints "Output #0";
// - node-media-server (and others) answer "NetStream.Publish.Start", then drop the connection, so the
//   first writes end with "End of file" within moments of the output opening.
// A connection refused or reset reads differently ("Connection refused", "Broken pipe"), and an ingest
// that closes a stream after a long run is past the window, so neither is taken for a refusal. Nor is
// an rtmps:// certificate that did not verify: that connection ends before any RTMP message.
import { tlsUnverified } from "./tls-failure";

/** How long after the output opened an end of file still reads as a refusal rather than a cut. */
export const REFUSAL_WINDOW_MS = 5000;

const OPEN_FAILED = /^rtmps?:\/\/\S+: Input\/output error$/i;
const CLOSED_AT_ONCE =
  /^(av_interleaved_write_frame\(\)|Error writing trailer of rtmps?:\/\/\S+): End of file$/i;

/**
 * @param tail ffmpeg's last stderr lines
 * @param openedForMs how long the output had been open when ffmpeg ended; null if it never opened
 */
export function isRefusedPublish(tail: string[], openedForMs: number | null): boolean {
  if (tlsUnverified(tail)) return false;
  const lines = tail.map((l) => l.trim());
  if (openedForMs === null) return lines.some((l) => OPEN_FAILED.test(l));
  return openedForMs <= REFUSAL_WINDOW_MS && lines.some((l) => CLOSED_AT_ONCE.test(l));
}
