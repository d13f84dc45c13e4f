import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
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
   * but not RTMP (or the TLS handshake of rtmps:// failed); `tls_unverified`: the rtmps:// ingest's
   * certificate does not verify against the system's CA store, or the destination's own CA file.
   */
  | { ok: false; reason: HandshakeFailure };

type HandshakeFailure = "blocked" | "unresolved" | "refused" | "timeout" | "not_rtmp" | "tls_unverified";

/** Node's codes for a certificate that does not verify (as opposed to a TLS handshake that failed). */
const UNVERIFIED = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/**
 * Opens a connection to the ingest of `rtmpUrl`, does the handshake, and closes it. An rtmps://
 * certificate is checked as ffmpeg checks it when streaming: against `caFile` when the destination
 * names one, else the system's CA store.
 */
export async function checkRtmpIngest(
  rtmpUrl: string,
  resolve: Resolver,
  timeoutMs = 5000,
  caFile: string | null = null,
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
  const ca = secure && caFile ? readCa(caFile) : undefined;
  if (ca === null) return { ok: false, reason: "tls_unverified" };
  const tls = secure ? { serverName: address.host, ca } : null;
  const outcome = await handshake(ip, address.port, tls, remaining);
  return outcome === "ok"
    ? { ok: true, ms: Math.round(performance.now() - started) }
    : { ok: false, reason: outcome };
}

/** The CA file's text; null when it cannot be read (it was checked when saved, but files move). */
function readCa(caFile: string): string | null {
  try {
    return readFileSync(caFile, "latin1");
  } catch {
    return null;
  }
}

function handshake(
  ip: string,
  port: number,
  tls: { serverName: string; ca: string | undefined } | null,
  timeoutMs: number,
): Promise<"ok" | Exclude<HandshakeFailure, "blocked" | "unresolved">> {
  return new Promise((resolve) => {
    let socket: Socket;
    let connected = false;
    let received = Buffer.alloc(0);
    const finish = (result: "ok" | Exclude<HandshakeFailure, "blocked" | "unresolved">) => {
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
    if (tls) {
      const servername = isIP(tls.serverName) ? undefined : tls.serverName;
      socket = tlsConnect({ host: ip, port, servername, ...(tls.ca ? { ca: tls.ca } : {}) });
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
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (!connected && err.code === "ECONNREFUSED") return finish("refused");
      if (tls && !connected && UNVERIFIED.has(err.code ?? "")) return finish("tls_unverified");
      finish(connected || tls ? "not_rtmp" : "refused");
    });
  });
}
