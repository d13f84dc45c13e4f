import { randomBytes } from "node:crypto";
import { isIP, connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { checkUrl, ingestPolicy, type Resolver } from "@server/platform/net/outbound-target";
import { ingestAddress } from "./ingest-probe";

// "Check connection": the RTMP handshake (C0+C1 → S0+S1+S2 → C2) and nothing after it, so the
// ingest sees a client that came and went without publishing. Written out here because it is a
// fixed exchange of three packets; the RTMP libraries for Node (node-media-server, rtmp-client
// ports) would bring a whole server or publisher for it.

const RTMP_VERSION = 3;
const SIG = 1536;

export type HandshakeOutcome =
  /** The ingest answered as an RTMP server. */
  | { ok: true; ms: number }
  /**
   * `blocked`: the address is one the console never connects to; `unresolved`: no such host;
   * `refused`: nothing listens; `timeout`: no answer in time; `not_rtmp`: something answered,
   * but not RTMP (or the TLS handshake of rtmps:// failed).
   */
  | { ok: false; reason: "blocked" | "unresolved" | "refused" | "timeout" | "not_rtmp" };

/** Opens a connection to the ingest of `rtmpUrl`, does the handshake, and closes it. */
export async function checkRtmpIngest(
  rtmpUrl: string,
  resolve: Resolver,
  timeoutMs = 5000,
): Promise<HandshakeOutcome> {
  const started = performance.now();
  const address = ingestAddress(rtmpUrl);
  if (!address) return { ok: false, reason: "unresolved" };
  const verdict = await checkUrl(rtmpUrl, ingestPolicy, resolve);
  if (!verdict.ok) return { ok: false, reason: verdict.reason === "refused" ? "blocked" : "unresolved" };
  const ip = verdict.addresses[0]!;
  // The resolved address is the one connected to, so a name cannot resolve differently the second time.
  const secure = rtmpUrl.toLowerCase().startsWith("rtmps:");
  const remaining = Math.max(1, timeoutMs - (performance.now() - started));
  const outcome = await handshake(ip, address.port, secure ? address.host : null, remaining);
  return outcome === "ok"
    ? { ok: true, ms: Math.round(performance.now() - started) }
    : { ok: false, reason: outcome };
}

function handshake(
  ip: string,
  port: number,
  tlsServerName: string | null,
  timeoutMs: number,
): Promise<"ok" | "refused" | "timeout" | "not_rtmp"> {
  return new Promise((resolve) => {
    let socket: Socket;
    let connected = false;
    let received = Buffer.alloc(0);
    const finish = (result: "ok" | "refused" | "timeout" | "not_rtmp") => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on("error", () => {});
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    const onConnect = () => {
      connected = true;
      const c1 = Buffer.concat([Buffer.alloc(8), randomBytes(SIG - 8)]); // time 0, zero, random
      socket.write(Buffer.concat([Buffer.from([RTMP_VERSION]), c1]));
    };
    if (tlsServerName) {
      socket = tlsConnect({ host: ip, port, servername: isIP(tlsServerName) ? undefined : tlsServerName });
      socket.once("secureConnect", onConnect);
    } else {
      socket = netConnect({ host: ip, port });
      socket.once("connect", onConnect);
    }
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received[0] !== RTMP_VERSION) return finish("not_rtmp");
      if (received.length < 1 + SIG * 2) return;
      // C2 echoes S1; then the handshake is complete and the connection is closed unused.
      socket.write(received.subarray(1, 1 + SIG), () => finish("ok"));
    });
    socket.once("end", () => finish(connected ? "not_rtmp" : "refused"));
    socket.once("error", (err: NodeJS.ErrnoException) =>
      finish(
        !connected && err.code === "ECONNREFUSED"
          ? "refused"
          : connected || tlsServerName
            ? "not_rtmp"
            : "refused",
      ),
    );
  });
}
