import { readFileSync } from "node:fs";
import { waitUntil } from "@test/support/wait";
import type { Subprocess } from "bun";

// A real RTMP receiver on loopback, not a stand-in: `ffmpeg -listen 1` takes one publisher and
// counts its frames through -progress. With `reconnect`, a new listener replaces each one that ends,
// so a restarted publisher finds it again. Readiness comes from /proc/net/tcp: connecting to check
// would use up the listener's single connection.

const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";

// Every listener this process started: killed when it exits, so a failed test leaves none behind.
const listeners = new Set<Subprocess>();
process.once("exit", () => {
  for (const l of listeners) if (l.exitCode === null) l.kill("SIGKILL");
});

/** Ports with a socket in LISTEN state on IPv4, from /proc/net/tcp. */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[3] === "0A" && cols[1]) ports.add(Number.parseInt(cols[1].split(":")[1]!, 16));
  }
  return ports;
}

export const isListening = (port: number) => listeningPorts().has(port);

/** A port nobody listens on (collisions with other agents' tests are unlikely in this range). */
export function freePort(): number {
  const taken = listeningPorts();
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    if (!taken.has(port)) return port;
  }
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  await waitUntil(check, timeoutMs, what);
}

export interface Receiver {
  port: number;
  /** The destination URL to configure (without the key). */
  rtmpUrl: string;
  key: string;
  /** Frames received by the current listener. */
  frames(): number;
  /** Frames received by every listener so far. */
  totalFrames(): number;
  /** How many publishers have connected and ended. */
  sessions(): number;
  /** Resolves when the current listener's ffmpeg exits (its input ended). */
  ended(): Promise<number>;
  waitForFrames(n: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startReceiver(
  opts: { key?: string; reconnect?: boolean; port?: number } = {},
): Promise<Receiver> {
  const port = opts.port ?? freePort();
  const key = opts.key ?? `key-${crypto.randomUUID().slice(0, 8)}`;
  let current: Subprocess<"ignore", "pipe", "ignore"> | null = null;
  let frames = 0;
  let done = 0;
  let stopped = false;
  let currentExit: Promise<number> = Promise.resolve(0);

  const listen = async () => {
    frames = 0;
    const child = Bun.spawn(
      [
        FFMPEG,
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-progress",
        "pipe:1",
        "-stats_period",
        "0.25",
        "-listen",
        "1",
        "-i",
        `rtmp://127.0.0.1:${port}/live/${key}`,
        "-c",
        "copy",
        "-f",
        "null",
        "-",
      ],
      { stdin: "ignore", stdout: "pipe", stderr: "ignore" },
    );
    current = child;
    listeners.add(child);
    void child.exited.then(() => listeners.delete(child));
    const decoder = new TextDecoder();
    void (async () => {
      let buf = "";
      for await (const chunk of child.stdout) {
        buf += decoder.decode(chunk, { stream: true });
        const lines = buf.split("\n");
        buf = lines.pop() ?? "";
        for (const line of lines) {
          const m = /^frame=(\d+)/.exec(line.trim());
          if (m && current === child) frames = Math.max(frames, Number(m[1]));
        }
      }
    })().catch(() => {});
    let exited = false;
    currentExit = child.exited.then(async (code) => {
      exited = true;
      done += 1;
      if (opts.reconnect && !stopped) {
        totalBefore += frames;
        // A listener that cannot come back shows as missing frames in the test, not as a stray rejection.
        await listen().catch(() => {});
      }
      return code;
    });
    await waitFor(() => stopped || exited || isListening(port), 10_000, `receiver on ${port}`);
  };
  let totalBefore = 0;
  await listen();

  return {
    port,
    rtmpUrl: `rtmp://127.0.0.1:${port}/live`,
    key,
    frames: () => frames,
    totalFrames: () => totalBefore + frames,
    sessions: () => done,
    ended: () => currentExit,
    waitForFrames: (n, timeoutMs = 10_000) =>
      waitFor(() => frames >= n, timeoutMs, `${n} frames at the receiver`),
    async stop() {
      stopped = true;
      const child = current;
      if (child && child.exitCode === null) {
        child.kill("SIGKILL");
        await child.exited;
      }
    },
  };
}

/** A TCP port that accepts connections and never answers: an RTMP server that hangs. */
export function startBlackHole(): { port: number; rtmpUrl: string; stop(): void } {
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: { data() {}, open() {}, close() {}, error() {} },
  });
  return {
    port: server.port,
    rtmpUrl: `rtmp://127.0.0.1:${server.port}/live`,
    stop: () => server.stop(true),
  };
}
