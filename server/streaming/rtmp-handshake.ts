import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP, connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
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

/**
 * Link-local addresses (which hold cloud metadata services such as 169.254.169.254), "this host"
 * (0.0.0.0, ::) and multicast. Loopback and private ranges stay allowed: a studio may run its own
 * relay on the machine or its network.
 */
export function isBlockedAddress(address: string): boolean {
  const v4 = mappedIpv4(address.toLowerCase()) ?? address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split(".").map(Number) as [number, number];
    return a === 0 || (a === 169 && b === 254) || a >= 224;
  }
  const lower = address.toLowerCase();
  return (
    lower === "::" ||
    /^fe[89ab]/.test(lower) ||
    lower.startsWith("ff") ||
    // AWS's metadata service over IPv6.
    lower === "fd00:ec2::254"
  );
}

/** The IPv4 address inside an IPv4-mapped IPv6 one, written either way (`::ffff:1.2.3.4`, `::ffff:102:304`). */
function mappedIpv4(address: string): string | null {
  if (!address.startsWith("::ffff:")) return null;
  const rest = address.slice(7);
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Opens a connection to the ingest of `rtmpUrl`, does the handshake, and closes it. */
export async function checkRtmpIngest(rtmpUrl: string, timeoutMs = 5000): Promise<HandshakeOutcome> {
  const started = performance.now();
  const address = ingestAddress(rtmpUrl);
  if (!address) return { ok: false, reason: "unresolved" };
  let ip: string;
  try {
    const found = isIP(address.host)
      ? [{ address: address.host }]
      : await lookup(address.host, { all: true });
    if (found.length === 0 || found.some((f) => isBlockedAddress(f.address))) {
      return { ok: false, reason: found.length === 0 ? "unresolved" : "blocked" };
    }
    ip = found[0]!.address;
  } catch {
    return { ok: false, reason: "unresolved" };
  }
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
