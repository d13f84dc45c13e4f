import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import type { AppEnv } from "./env";

/**
 * The address the sign-in limit counts against.
 *
 * Without a trusted proxy it is the socket's peer, and X-Forwarded-For is ignored: anyone can write
 * that header. Behind `TRUST_PROXY=n` reverse proxies, each proxy appends the address it received the
 * request from, so the n-th entry from the right is the one our own first proxy saw. Entries further
 * left were sent by the client and are not trusted; the left-most one in particular is whatever an
 * attacker chose to write.
 */
export function clientAddressOf(c: Context<AppEnv>, trustedProxies: number): string {
  const peer = socketAddress(c);
  if (trustedProxies === 0) return peer;
  const forwarded = c.req.raw.headers.get("x-forwarded-for");
  if (!forwarded) return peer;
  const hops = forwarded
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  // Fewer entries than proxies: the request skipped a proxy, so the left-most hop is the best we know.
  const chosen = hops[Math.max(0, hops.length - trustedProxies)];
  return chosen && chosen.length <= 64 ? chosen : peer;
}

function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket behind it.
    return "local";
  }
}
