import type { MiddlewareHandler } from "hono";
import { AUTH } from "../../shared/messages/auth";
import type { AppDeps } from "../deps";
import { forbidden } from "../errors";
import { authenticate } from "../services/auth";
import { clientAddressOf } from "./client-address";
import { readSessionToken } from "./cookies";
import type { AppEnv } from "./env";

export const withDeps =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("deps", deps);
    await next();
  };

/** Resolves the session cookie (if any) into c.var.user / c.var.session; never refuses by itself. */
export const authenticateRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionToken(c);
  const found = token ? authenticate(c.var.deps, token) : null;
  c.set("user", found?.user ?? null);
  c.set("session", found?.session ?? null);
  c.set("clientAddress", clientAddressOf(c, c.var.deps.env.TRUST_PROXY));
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
    if (origin !== new URL(own).origin) throw forbidden(AUTH.forbiddenOrigin);
  }
  await next();
};
