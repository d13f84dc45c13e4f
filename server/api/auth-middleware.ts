import type { AppDeps } from "@server/deps";
import { authenticate } from "@server/features/auth/auth";
import { authenticateApiToken } from "@server/features/tokens/api-tokens";
import { AppError, forbidden } from "@server/platform/errors";
import { readBearerToken } from "@server/platform/http/bearer";
import { clientAddressOf } from "@server/platform/http/client-address";
import { readSessionToken } from "@server/platform/http/cookies";
import type { AppEnv } from "@server/platform/http/env";
import { AUTH } from "@shared/messages/auth";
import type { MiddlewareHandler } from "hono";

export const withDeps =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("deps", deps);
    await next();
  };

const TRPC_PREFIX = "/api/trpc/";

/**
 * Resolves a bearer token, else the session cookie, into c.var.user / c.var.session. A bearer header
 * wins over a cookie sent beside it. A bad token is refused here on REST paths (401 JSON); on tRPC
 * it is handed to the procedures, so tRPC answers it in its own shape (UNAUTHORIZED).
 */
export const authenticateRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("clientAddress", clientAddressOf(c, c.var.deps.env.TRUST_PROXY));
  c.set("apiTokenId", null);
  c.set("authFailure", null);
  const bearer = readBearerToken(c);
  if (bearer !== null) {
    try {
      const found = await authenticateApiToken(c.var.deps, bearer);
      c.set("user", found.user);
      c.set("session", found.session);
      c.set("apiTokenId", found.tokenId);
    } catch (err) {
      if (!(err instanceof AppError) || !c.req.path.startsWith(TRPC_PREFIX)) throw err;
      c.set("user", null);
      c.set("session", null);
      c.set("authFailure", err);
    }
    return next();
  }
  const token = readSessionToken(c);
  const found = token ? await authenticate(c.var.deps, token) : null;
  c.set("user", found?.user ?? null);
  c.set("session", found?.session ?? null);
  await next();
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such requests; scripts (curl, the typed client) send none and hold no victim's cookie. A request
 * signed with a bearer token and carrying no session cookie is not checked: a page on another site
 * cannot attach our token, and without a cookie there is no victim's session to ride on. With a
 * cookie beside the bearer, the check still applies.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bearerOnly = c.var.apiTokenId !== null && !readSessionToken(c);
  const origin = c.req.header("origin");
  if (!SAFE_METHODS.has(c.req.method) && origin && !bearerOnly) {
    const own = c.var.deps.env.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
    if (origin !== new URL(own).origin) throw forbidden(AUTH.forbiddenOrigin);
  }
  await next();
};
