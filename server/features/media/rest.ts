import type { AppEnv } from "@server/platform/http/env";
import { idParam, requireUser } from "@server/platform/http/request";
import { MEDIA } from "@shared/messages/media";
import type { Context, Hono } from "hono";
import * as media from "./media";
import { uploadMedia } from "./media-upload";
import { parseRange } from "./range";

// The /media/* calls. Static paths first: /media/{id} would swallow them. `/media/{id}` is one path
// to a client, so both its methods name the parameter `id`: a project's on GET, a file's on DELETE.
export function mediaRest(api: Hono<AppEnv>) {
  api.get("/media/config", (c) => {
    requireUser(c);
    return c.json(media.mediaConfig(c.var.deps));
  });

  api.post("/media/upload", async (c) => {
    const { user } = requireUser(c);
    const length = c.req.header("content-length");
    const { item, receiveMs, processMs } = await uploadMedia(c.var.deps, user, {
      contentType: c.req.header("content-type"),
      body: c.req.raw.body,
      declaredSize: length && /^\d{1,15}$/.test(length) ? Number(length) : undefined,
    });
    // Where an upload's time went (transfer vs probe, poster and record): read by the benchmark.
    c.header("server-timing", `receive;dur=${receiveMs.toFixed(0)}, process;dur=${processMs.toFixed(0)}`);
    return c.json(item, 201);
  });

  api.get("/media/stream/:mediaId", async (c) => {
    const { user } = requireUser(c);
    const file = await media.mediaForViewing(c.var.deps, user, idParam(c, "mediaId"));
    return serveFile(c, file);
  });

  api.get("/media/poster/:mediaId", async (c) => {
    const { user } = requireUser(c);
    const { path } = await media.posterForViewing(c.var.deps, user, idParam(c, "mediaId"));
    return new Response(Bun.file(path), {
      headers: { "content-type": "image/jpeg", "cache-control": "private, max-age=86400" },
    });
  });

  api.get("/media/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(media.listMedia(c.var.deps, user, idParam(c, "id", "projectId")));
  });

  api.delete("/media/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await media.deleteMedia(c.var.deps, user, idParam(c, "id", "mediaId")));
  });
}

/** Whole file or one byte range, straight from disk (Bun sends it with sendfile, nothing buffered). */
function serveFile(c: Context<AppEnv>, file: media.ServedFile) {
  const headers = new Headers({
    "content-type": file.mimeType,
    "accept-ranges": "bytes",
    "cache-control": "private, no-cache",
    "x-content-type-options": "nosniff",
    "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
  });
  const range = parseRange(c.req.header("range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${file.size}`);
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify({ error: MEDIA.rangeNotSatisfiable }), { status: 416, headers });
  }
  const whole = Bun.file(file.path);
  if (!range) {
    headers.set("content-length", String(file.size));
    return new Response(whole, { status: 200, headers });
  }
  headers.set("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
  headers.set("content-length", String(range.end - range.start + 1));
  return new Response(whole.slice(range.start, range.end + 1), { status: 206, headers });
}
