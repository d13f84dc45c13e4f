import { connect } from "node:net";

// While a failed stream waits out its backoff, the ingest is knocked on cheaply (a TCP connect,
// closed at once). After a long outage the backoff reaches a minute; without the knock a stream
// would sit idle up to that long after the ingest is back.

const DEFAULT_PORTS: Record<string, number> = { "rtmp:": 1935, "rtmps:": 443 };

/** Host and port an RTMP URL connects to, or null when the URL cannot be read. */
export function ingestAddress(rtmpUrl: string): { host: string; port: number } | null {
  let url: URL;
  try {
    url = new URL(rtmpUrl);
  } catch {
    return null;
  }
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host || !port) return null;
  return { host, port };
}

/** True when something accepted a TCP connection within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      // Errors after the verdict (a reset while closing) are of no interest.
      socket.on("error", () => {});
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once("connect", () => finish(true));
    socket.once("error", () => finish(false));
  });
}

/**
 * Knocks every `everyMs` and calls `onBack` once when the ingest, seen unreachable at least once,
 * accepts a connection again. An ingest that never stopped answering never calls it: a failure that
 * was not the network's (a refused key, a broken file) keeps its full backoff instead of looping.
 * Returns the function that stops the knocking.
 */
export function watchIngest(
  rtmpUrl: string,
  everyMs: number,
  onBack: () => void,
  /** Sees each knock's outcome (the tests wait on it). */
  onKnock: (up: boolean) => void = () => {},
): () => void {
  const address = ingestAddress(rtmpUrl);
  if (!address) return () => {};
  let stopped = false;
  let seenDown = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const knock = async () => {
    timer = null;
    const up = await canConnect(address.host, address.port, Math.min(everyMs, 1500));
    if (stopped) return;
    onKnock(up);
    if (!up) seenDown = true;
    else if (seenDown) {
      stopped = true;
      onBack();
      return;
    }
    timer = setTimeout(knock, everyMs);
    timer.unref?.();
  };
  void knock();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
