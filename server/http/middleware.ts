import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import { AUTH } from "../../shared/messages/auth";
import type { AppDeps } from "../deps";
import { authenticate } from "../services/auth";
import { readSessionToken } from "./cookies";
import type { AppEnv } from "./env";

export const withDeps =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("deps", deps);
    await next();
  };

function clientAddress(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket behind it.
    return "local";
  }
}

/** Resolves the session cookie (if any) into c.var.user / c.var.session; never refuses by itself. */
export const authenticateRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionToken(c);
  const found = token ? authenticate(c.var.deps, token) : null;
  c.set("user", found?.user ?? null);
  c.set("session", found?.session ?? null);
  c.set("clientKey", clientAddress(c));
  await next();
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such requests; scripts (curl, the typed client) send none and hold no victim's cookie.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (!SAFE_METHODS.has(c.req.method) && origin) {
    const own = c.var.deps.env.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
    if (origin !== new URL(own).origin) return c.json({ error: AUTH.forbiddenOrigin }, 403);
  }
  await next();
};
