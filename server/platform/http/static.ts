import { existsSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { COMMON } from "@shared/messages/common";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/**
 * Serves the built client. Hashed assets are cached for a year; any other non-API path gets
 * index.html so react-router can take over (the SPA fallback).
 */
export function serveClient(distDir: string): MiddlewareHandler<AppEnv> {
  const root = normalize(distDir) + sep;
  const index = join(distDir, "index.html");
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) return next();
    const candidate = normalize(join(distDir, decodeURIComponent(c.req.path)));
    if (candidate.startsWith(root)) {
      const file = Bun.file(candidate);
      if (c.req.path !== "/" && (await file.exists())) {
        const hashed = /-[a-z0-9]{8,}\.(js|css|png|svg|woff2?)$/.test(candidate);
        c.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        c.header("Content-Type", file.type);
        return c.body(await file.arrayBuffer());
      }
    }
    if (!existsSync(index)) return c.text(COMMON.clientNotBuilt, 503);
    c.header("Cache-Control", "no-cache");
    return c.html(await Bun.file(index).text());
  };
}
