import { lookup } from "node:dns/promises";
import { type AddressClass, classifyAddress, isMetadataName } from "./address-class";

// Where the server may open a connection that a user chose (a webhook, an ingest). Names are
// resolved here and every address they resolve to must be allowed: one private answer among public
// ones is enough to refuse, since the connection could take any of them.

/** Every address a host name resolves to; throws when it resolves to none. */
export type Resolver = (hostname: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 3000;

/** The system's resolver (getaddrinfo, so /etc/hosts counts), bounded so a dead DNS cannot hang a request. */
export const systemResolver: Resolver = async (hostname) => {
  const answer = lookup(hostname, { all: true, verbatim: true });
  const timeout = new Promise<never>((_, reject) => {
    const t = setTimeout(() => reject(new Error("DNS lookup timed out")), RESOLVE_TIMEOUT_MS);
    t.unref?.();
    answer.finally(() => clearTimeout(t)).catch(() => {});
  });
  return (await Promise.race([answer, timeout])).map((a) => a.address);
};

/** Which classes of address a kind of target may reach. */
export type TargetPolicy = (kind: AddressClass) => boolean;

/**
 * Webhooks and other HTTP requests: public addresses only. With `allowPrivate` (a studio's own
 * receivers on its LAN or VPN) also loopback, RFC 1918, ULA and CGNAT; link-local, metadata,
 * unspecified, multicast and broadcast never, since no receiver lives there.
 */
export const httpPolicy =
  (allowPrivate: boolean): TargetPolicy =>
  (kind) =>
    kind === "public" || (allowPrivate && (kind === "loopback" || kind === "private" || kind === "cgnat"));

/**
 * RTMP ingests: local relays and LAN servers are a real use; link-local and metadata are not, and
 * no ingest listens on "this host" (0.0.0.0, ::), a multicast or a broadcast address.
 */
export const ingestPolicy: TargetPolicy = (kind) =>
  kind !== "link-local" &&
  kind !== "metadata" &&
  kind !== "unspecified" &&
  kind !== "multicast" &&
  kind !== "broadcast";

export type TargetVerdict =
  /** `addresses` are the checked ones, to connect to (an IP literal is its own address). */
  | { ok: true; addresses: string[] }
  | { ok: false; reason: "refused"; kind: AddressClass | "metadata-name" }
  /** The name resolved to nothing (or DNS did not answer): nothing to connect to. */
  | { ok: false; reason: "unresolved" };

/**
 * The host of a URL as the connection will see it. Special schemes (http, https) come normalised by
 * the URL parser (2130706433, 0x7f000001 and 127.1 read 127.0.0.1); others (rtmp) keep the host as
 * typed, so it is read again as an http host, which applies the same IPv4 rules as getaddrinfo.
 */
export function urlHost(url: URL): string | null {
  let host = url.hostname;
  if (!["http:", "https:"].includes(url.protocol)) {
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  return host.replace(/^\[|\]$/g, "") || null;
}

/** Resolves the host (unless it is an address already) and checks every address against the policy. */
export async function checkHost(
  host: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<TargetVerdict> {
  if (isMetadataName(host)) return { ok: false, reason: "refused", kind: "metadata-name" };
  let addresses: string[];
  if (classifyAddress(host) !== null) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: "unresolved" };
    }
    if (addresses.length === 0) return { ok: false, reason: "unresolved" };
  }
  for (const address of addresses) {
    // An answer that is not an address at all is not trusted either.
    const kind = classifyAddress(address) ?? "unspecified";
    if (!policy(kind)) return { ok: false, reason: "refused", kind };
  }
  return { ok: true, addresses };
}

/** checkHost for a URL; a URL whose host cannot be read is refused. */
export function checkUrl(
  url: string | URL,
  policy: TargetPolicy,
  resolve?: Resolver,
): Promise<TargetVerdict> {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return Promise.resolve({ ok: false, reason: "refused", kind: "unspecified" });
  }
  const host = urlHost(parsed);
  if (!host) return Promise.resolve({ ok: false, reason: "refused", kind: "unspecified" });
  return checkHost(host, policy, resolve);
}

/**
 * The request to make for an http(s) URL pinned to an address already checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot move the connection: the URL names the
 * address, `Host` keeps the name, and for https the certificate is still checked against the name
 * (`tls.serverName`, which also goes out as SNI).
 */
export function pinnedRequest(url: URL, address: string): { url: string; host: string; serverName?: string } {
  const pinned = new URL(url.href);
  pinned.hostname = address.includes(":") ? `[${address.replace(/%.*$/, "")}]` : address;
  const name = url.hostname.replace(/\.$/, "");
  const isLiteral = classifyAddress(url.hostname.replace(/^\[|\]$/g, "")) !== null;
  return {
    url: pinned.href,
    host: url.host,
    ...(url.protocol === "https:" && !isLiteral ? { serverName: name } : {}),
  };
}
