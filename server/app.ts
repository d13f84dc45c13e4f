import { join } from "node:path";
import { trpcServer } from "@hono/trpc-server";
import { authenticateRequest, sameOriginOnly, withDeps } from "@server/api/auth-middleware";
import { registerMetrics } from "@server/api/metrics-route";
import { API_AREAS } from "@server/api/openapi-routes";
import { registerRest } from "@server/api/rest";
import { appRouter } from "@server/api/root-router";
import { AppError, notFound } from "@server/platform/errors";
import { cookieJar } from "@server/platform/http/cookies";
import type { AppEnv } from "@server/platform/http/env";
import { onError, retryAfterOf } from "@server/platform/http/errors";
import { jsonOnly, sizeLimits, trpcBatchCap } from "@server/platform/http/guards";
import { listFieldsOf, strictQueries } from "@server/platform/http/query";
import { requestContext } from "@server/platform/http/request-context";
import { securityHeaders } from "@server/platform/http/security-headers";
import { serveClient } from "@server/platform/http/static";
import type { Context } from "@server/platform/trpc/init";
import { JSON_BODY_LIMIT_BYTES, TRPC_BATCH_MAX } from "@shared/limits";
import { COMMON } from "@shared/messages/common";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./deps";

/** Request metrics and log lines name a tRPC call by its procedure when it is a known one. */
const PROCEDURES: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));

export const CLIENT_DIST = join(import.meta.dir, "..", "client", "dist");

/**
 * Paths whose bodies are streamed with their own size limit instead of the JSON one: the multipart
 * upload, and the resumable uploads' creation and pieces (tus checks each against the declared size).
 */
const isStreamedUpload = (path: string) =>
  path === "/api/media/upload" || path === "/api/uploads" || path.startsWith("/api/uploads/");

/** Query names some REST path declares as a list: the only ones that may be repeated. */
const LIST_QUERY_NAMES: ReadonlySet<string> = new Set(
  API_AREAS.flatMap((area) =>
    area.routes.flatMap((route) => (route.query ? [...listFieldsOf(route.query)] : [])),
  ),
);
/** tRPC reads its own query (`input`, `batch`) and answers in its own shape. */
const isTrpc = (path: string) => path.startsWith("/api/trpc/");

export function createApp(deps: AppDeps, options: { clientDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("*", securityHeaders);
  app.use("*", requestContext({ metrics: deps.env.METRICS_ENABLED, procedures: PROCEDURES }));
  app.use("*", sizeLimits);
  app.use("*", withDeps(deps));

  const api = new Hono<AppEnv>();
  api.use("*", strictQueries(LIST_QUERY_NAMES, isTrpc));
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", COMMON.bodyTooLarge);
    },
  });
  api.use("*", (c, next) => (isStreamedUpload(c.req.path) ? next() : jsonBodyLimit(c, next)));
  api.use("*", jsonOnly(isStreamedUpload));
  api.use("*", authenticateRequest, sameOriginOnly);
  api.get("/health", (c) => c.json({ status: "ok" }));
  api.use("/trpc/*", trpcBatchCap);
  api.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      endpoint: "/api/trpc",
      maxBatchSize: TRPC_BATCH_MAX,
      // A refused sign-in says when to try again, as the REST answer does.
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((e) => retryAfterOf(e.cause)).find((s) => s !== undefined);
        return retryAfter === undefined ? {} : { headers: { "Retry-After": String(retryAfter) } };
      },
      createContext: (opts, c): Context => ({
        deps,
        user: c.get("user"),
        session: c.get("session"),
        clientAddress: c.get("clientAddress"),
        apiTokenId: c.get("apiTokenId"),
        authFailure: c.get("authFailure"),
        cookies: cookieJar(c, opts.resHeaders),
      }),
    }),
  );
  registerRest(api);
  api.all("*", () => {
    throw notFound(COMMON.notFound);
  });

  app.route("/api", api);
  registerMetrics(app, deps);
  app.use("*", serveClient(options.clientDir ?? CLIENT_DIST));
  return app;
}
