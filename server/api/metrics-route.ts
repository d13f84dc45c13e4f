import { timingSafeEqual } from "node:crypto";
import type { AppDeps } from "@server/deps";
import { streamRegistry } from "@server/features/streaming/metrics";
import { notFound, unauthorized } from "@server/platform/errors";
import { clientAddressOf } from "@server/platform/http/client-address";
import type { AppEnv } from "@server/platform/http/env";
import { collectProcessMetrics, processRegistry } from "@server/platform/metrics/registry";
import { COMMON } from "@shared/messages/common";
import { METRICS } from "@shared/messages/metrics";
import type { Context, Hono } from "hono";

/** `GET /metrics` for Prometheus, outside /api: no session, no Origin check, its own access rule. */
export function registerMetrics(app: Hono<AppEnv>, deps: AppDeps): void {
  // Switched off, the path is still ours: a 404, not the client's page a scraper would misread.
  if (!deps.env.METRICS_ENABLED) {
    app.get("/metrics", () => {
      throw notFound(COMMON.notFound);
    });
    return;
  }
  collectProcessMetrics();
  const streams = streamRegistry(deps);
  app.get("/metrics", async (c) => {
    requireMetricsAccess(c, deps);
    const text = (await processRegistry.metrics()) + (await streams.metrics());
    return c.body(text, 200, { "content-type": processRegistry.contentType });
  });
}

/**
 * With METRICS_TOKEN set, its bearer token and nothing else. Unset, the caller must be this machine:
 * the address is the one the sign-in limit uses, so behind TRUST_PROXY a request the proxy forwarded
 * from outside is outside. A forwarded request we were not told to trust is refused too: a local
 * proxy would otherwise make every visitor look like loopback.
 */
function requireMetricsAccess(c: Context<AppEnv>, deps: AppDeps): void {
  const token = deps.env.METRICS_TOKEN;
  if (token) {
    const given = /^Bearer (\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameSecret(given, token)) throw unauthorized(METRICS.tokenRequired);
    return;
  }
  const trust = deps.env.TRUST_PROXY;
  const forwarded = c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined;
  if ((trust === 0 && forwarded) || !isLoopback(clientAddressOf(c, trust)))
    throw unauthorized(METRICS.loopbackOnly);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isLoopback(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, "");
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === "::1";
}
