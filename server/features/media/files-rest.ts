import type { AppEnv } from "@server/platform/http/env";
import { idParam, requireUser } from "@server/platform/http/request";
import type { ApiRoute } from "@server/platform/openapi/registry";
import { MEDIA } from "@shared/messages/media";
import { mediaItem } from "@shared/schemas/media";
import type { Context, Hono } from "hono";
import * as media from "./media";
import { uploadMedia } from "./media-upload";
import { parseRange } from "./range";

// The media calls that move files, hand-written (named in HAND_WRITTEN): a multipart upload streamed
// to disk, a file's bytes with Range requests, and a JPEG poster. None is one JSON value in or out.
export function mediaFilesRest(api: Hono<AppEnv>) {
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

const uploadForm = {
  type: "object",
  properties: {
    projectId: { type: "string", pattern: "^\\d{1,15}$", description: "The project's id." },
    media: {
      type: "string",
      contentMediaType: "application/octet-stream",
      description: "One video or image file.",
    },
  },
  required: ["projectId", "media"],
};

/** The hand-written calls' document entries. */
export const mediaFileRoutes: ApiRoute[] = [
  {
    method: "post",
    path: "/media/upload",
    summary: "Upload one file (multipart, streamed to disk)",
    formBody: { contentType: "multipart/form-data", schema: uploadForm },
    answer: { status: 201, description: "The stored file with its probed metadata.", schema: mediaItem },
    errors: [403, 404, 413, 415, 507],
  },
  {
    method: "get",
    path: "/media/stream/:mediaId",
    summary: "The file itself; answers Range requests with 206",
    answer: { description: "The file's bytes.", contentType: "application/octet-stream" },
    errors: [416],
  },
  {
    method: "get",
    path: "/media/poster/:mediaId",
    summary: "A video's poster frame",
    answer: { description: "A JPEG image.", contentType: "image/jpeg" },
  },
];
