import { stat } from "node:fs/promises";
import type { AppDeps } from "@server/deps";
import { requireRoom } from "@server/features/media/disk-space";
import { mediaItem } from "@server/features/media/media";
import { mediaPaths } from "@server/features/media/storage";
import { requirePermission, requireProject } from "@server/features/projects";
import { badRequest } from "@server/platform/errors";
import type { AppEnv } from "@server/platform/http/env";
import { requireUser } from "@server/platform/http/request";
import { COMMON } from "@shared/messages/common";
import { MEDIA } from "@shared/messages/media";
import { UPLOADS } from "@shared/messages/uploads";
import type { UploadState } from "@shared/schemas/uploads";
import type { SessionUser } from "@shared/types";
import type { Context, Hono } from "hono";
import { handleResumable } from "./resumable";
import { ownUpload, type UploadRecord, uploadFiles } from "./upload-records";

// Resumable uploads (tus 1.0.0) under /api/uploads, hand-written: the protocol's methods, headers
// and raw bodies are not one JSON value. Every request is signed in, may upload media, and (after
// creation) names an upload of its own; tus does the rest, and every refusal leaves as JSON.

import { TUS_VERSION } from "./uploads-doc";

export function uploadsRest(api: Hono<AppEnv>) {
  api.post("/uploads", async (c) => {
    const { deps, user } = caller(c);
    // The declared size is checked (limit, free space) before a byte is taken: a size given later is not.
    if (c.req.header("upload-defer-length") !== undefined || c.req.header("upload-concat") !== undefined)
      throw badRequest(UPLOADS.lengthRequired);
    return answer(await handleResumable(deps, user, c.req.raw));
  });

  // Hono answers HEAD with the GET route (and drops the body): HEAD is tus's "where does it stand".
  api.get("/uploads/:id", async (c) => {
    const { deps, user } = caller(c);
    const record = await ownUpload(deps.env.DATA_DIR, user, c.req.param("id"), expiryMs(deps));
    if (c.req.raw.method === "HEAD") {
      if (record.metadata.mediaId) return storedOffset(record);
      return answer(await handleResumable(deps, user, c.req.raw));
    }
    return c.json(await stateOf(deps, user, record));
  });

  api.patch("/uploads/:id", async (c) => {
    const { deps, user } = caller(c);
    const record = await ownUpload(deps.env.DATA_DIR, user, c.req.param("id"), expiryMs(deps));
    if (record.metadata.mediaId) return answer(await repeatedLastPiece(deps, user, record, c));
    // The piece must fit beside the floor of free space, as each stretch of a multipart upload must.
    const length = Number(c.req.header("content-length") ?? record.size ?? 0);
    await requireRoom(mediaPaths(deps.env.DATA_DIR).uploads, length || 0, deps.env.MIN_FREE_DISK_BYTES);
    return answer(await handleResumable(deps, user, c.req.raw));
  });

  api.delete("/uploads/:id", async (c) => {
    const { deps, user } = caller(c);
    await ownUpload(deps.env.DATA_DIR, user, c.req.param("id"), expiryMs(deps));
    return answer(await handleResumable(deps, user, c.req.raw));
  });
}

function caller(c: Context<AppEnv>) {
  const { user } = requireUser(c);
  requirePermission(user, "media.upload");
  return { deps: c.var.deps as AppDeps, user };
}

const expiryMs = (deps: AppDeps) => deps.env.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/** A stored upload is complete: a client asking where it stands (after a lost answer) is told so. */
function storedOffset(record: UploadRecord): Response {
  const size = String(record.size ?? 0);
  return new Response(null, {
    status: 200,
    headers: {
      "Tus-Resumable": TUS_VERSION,
      "Upload-Offset": size,
      "Upload-Length": size,
      "Cache-Control": "no-store",
    },
  });
}

/** The last piece sent again after its answer was lost: the item it became, or 409 for any other offset. */
async function repeatedLastPiece(deps: AppDeps, user: SessionUser, record: UploadRecord, c: Context<AppEnv>) {
  const state = await stateOf(deps, user, record);
  if (c.req.header("upload-offset") !== String(record.size) || !state.media)
    return tusError(409, UPLOADS.wrongOffset);
  return Response.json(state.media, {
    headers: { "Tus-Resumable": TUS_VERSION, "Upload-Offset": String(record.size) },
  });
}

async function stateOf(deps: AppDeps, user: SessionUser, record: UploadRecord): Promise<UploadState> {
  const mediaId = Number(record.metadata.mediaId);
  // Only what this user may still see: a project since closed to them shows no item.
  const media = mediaId ? await mediaForUser(deps, user, Number(record.metadata.projectId), mediaId) : null;
  const offset = media ? (record.size ?? 0) : await storedBytes(deps.env.DATA_DIR, record.id);
  return {
    id: record.id,
    project_id: Number(record.metadata.projectId),
    filename: record.metadata.filename,
    offset,
    length: record.size ?? 0,
    media,
  };
}

async function mediaForUser(deps: AppDeps, user: SessionUser, projectId: number, mediaId: number) {
  try {
    await requireProject(deps, user, projectId);
    return await mediaItem(deps, mediaId);
  } catch {
    return null;
  }
}

/** Bytes stored so far: in the upload's file, or in the claimed one while the last byte is checked. */
async function storedBytes(dataDir: string, id: string): Promise<number> {
  const files = uploadFiles(dataDir, id);
  for (const path of [files.bytes, files.received]) {
    const info = await stat(path).catch(() => null);
    if (info) return info.size;
  }
  return 0;
}

function tusError(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "Tus-Resumable": TUS_VERSION } });
}

/** tus words its own refusals in plain text; they leave as `{ error }` like every other refusal. */
async function answer(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  if (text.startsWith("{")) {
    res.headers.set("content-type", "application/json");
    return new Response(text, { status: res.status, headers: res.headers });
  }
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const body = JSON.stringify({ error: messageFor(res.status, text.trim()) });
  return new Response(body, { status: res.status === 410 ? 404 : res.status, headers });
}

function messageFor(status: number, detail: string): string {
  switch (status) {
    case 404:
    case 410:
      return UPLOADS.notFound;
    case 409:
      return UPLOADS.wrongOffset;
    case 412:
      return UPLOADS.tusVersion;
    case 413:
      return UPLOADS.pastTheEnd;
    case 415:
      return UPLOADS.wrongPieceType;
    case 423:
      return UPLOADS.busy;
    case 400:
      return UPLOADS.refused(detail);
    default:
      return status >= 500 ? MEDIA.interrupted : COMMON.requestFailed;
  }
}
