import { log } from "@server/platform/log";
import { httpDuration } from "@server/platform/metrics/registry";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./env";

// Every request gets an id (a sane one the caller sent, else a new one), answered in X-Request-Id and
// carried by its log lines and by a 5xx answer, so a user can quote it. One log line and one histogram
// sample per request, by route pattern rather than raw path, so the label stays a short list.

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRPC_PREFIX = "/api/trpc/";
export interface RequestContextOptions {
  metrics: boolean;
  /** The tRPC procedures' names, passed in by the composition root (the platform knows no router). */
  procedures: ReadonlySet<string>;
}

export function requestContext(opts: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", id);
    const seconds = (performance.now() - started) / 1000;
    const route = routeLabel(routePath(c), c.req.path, opts.procedures);
    const status = c.res.status;
    if (opts.metrics) httpDuration.observe({ method: c.req.method, route, status: String(status) }, seconds);
    const fields = {
      request_id: id,
      user_id: c.get("user")?.id,
      method: c.req.method,
      route,
      status,
      duration_ms: Math.round(seconds * 10_000) / 10,
    };
    if (status >= 500) log.warn("request", fields);
    else log.info("request", fields);
  };
}

/** The matched pattern; a tRPC call is named by its procedure when it is one call to a known one. */
function routeLabel(pattern: string, path: string, procedures: ReadonlySet<string>): string {
  if (pattern !== `${TRPC_PREFIX}*` || !path.startsWith(TRPC_PREFIX)) return pattern || "unmatched";
  const name = path.slice(TRPC_PREFIX.length);
  if (procedures.has(name)) return `${TRPC_PREFIX}${name}`;
  return name.includes(",") ? `${TRPC_PREFIX}(batch)` : `${TRPC_PREFIX}(unknown)`;
}
