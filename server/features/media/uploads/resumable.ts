import { rename } from "node:fs/promises";
import type { AppDeps } from "@server/deps";
import { diskFull, isDiskFullError, requireRoom } from "@server/features/media/disk-space";
import { tooLarge } from "@server/features/media/receive";
import { mediaPaths } from "@server/features/media/storage";
import { cleanName, storeUpload, uploadTarget } from "@server/features/media/store-upload";
import { AppError, badRequest, conflict, httpStatusOf } from "@server/platform/errors";
import { errorField, log } from "@server/platform/log";
import { uploadBytes, uploadFailures } from "@server/platform/metrics/registry";
import { UPLOADS } from "@shared/messages/uploads";
import type { SessionUser } from "@shared/types";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import {
  forgetUpload,
  markStored,
  type UploadMetadata,
  type UploadRecord,
  uploadFiles,
} from "./upload-records";

// The tus protocol server behind /api/uploads: it stores the pieces in DATA_DIR/media/.uploads and
// answers offsets. What is the console's own happens in its hooks: who may start an upload for which
// project and size (onUploadCreate), and what the last byte leads to (onUploadFinish): the very path
// a multipart upload takes, answered with the media item or the refusal.

export const UPLOADS_PATH = "/api/uploads";

/** Who sent each request under way: set by the route before tus sees the request, read by the hooks. */
const callers = new WeakMap<Request, SessionUser>();
const servers = new WeakMap<AppDeps, Server>();

export function resumableServer(deps: AppDeps): Server {
  let server = servers.get(deps);
  if (!server) {
    server = createServer(deps);
    servers.set(deps, server);
  }
  return server;
}

/**
 * Hands a request to tus on behalf of `user` (already checked by the route). After each piece the
 * collector is asked (without waiting) to run: tus copies a piece through several Node streams, and
 * over a fast link the garbage of a gigabyte piled up faster than the collector came round on its own
 * (server memory grew 61–80 MB during a 1 GB upload; 46–52 MB with the hint, at the same speed).
 */
export function handleResumable(deps: AppDeps, user: SessionUser, request: Request): Promise<Response> {
  callers.set(request, user);
  const answer = resumableServer(deps).handleWeb(request);
  return request.method === "PATCH" ? answer.finally(() => Bun.gc(false)) : answer;
}

function callerOf(request: Request): SessionUser {
  const user = callers.get(request);
  // Every request reaches tus through handleResumable; this would be a wiring mistake.
  if (!user) throw new Error("resumable upload without a caller");
  return user;
}

function createServer(deps: AppDeps): Server {
  const paths = mediaPaths(deps.env.DATA_DIR);
  return new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: paths.uploads }),
    // Behind a proxy the host a client used is not ours to guess: a path is enough for tus clients.
    relativeLocation: true,
    // The console's page is on this same origin; no other site's page is let read an answer.
    allowedOrigins: () => false,
    onUploadCreate: async (request, upload) => ({ metadata: await admit(deps, callerOf(request), upload) }),
    onUploadFinish: (request, upload) => finish(deps, callerOf(request), upload),
    onResponseError: (_request, err) => asTusError(err),
  });
}

/**
 * Checks a new upload as a multipart one is checked before its bytes: the project (400/404), the
 * declared size against the limit (413) and the free space (507). Answers the metadata kept with it:
 * the console's own fields only, with the owner set here (a client's `userId` is not taken).
 */
async function admit(deps: AppDeps, user: SessionUser, upload: Upload): Promise<Record<string, string>> {
  const given = upload.metadata ?? {};
  const projectId = await uploadTarget(deps, user, given.projectId ?? undefined);
  const filename = given.filename?.trim();
  if (!filename) throw badRequest(UPLOADS.filenameRequired);
  if (upload.size === undefined) throw badRequest(UPLOADS.lengthRequired);
  if (upload.size > deps.env.MAX_UPLOAD_BYTES) throw tooLarge(deps.env.MAX_UPLOAD_BYTES);
  await requireRoom(mediaPaths(deps.env.DATA_DIR).uploads, upload.size, deps.env.MIN_FREE_DISK_BYTES);
  const kept: UploadMetadata = {
    projectId: String(projectId),
    filename: cleanName(filename),
    userId: String(user.id),
  };
  if (given.filetype) kept.filetype = given.filetype.slice(0, 255);
  return { ...kept };
}

/**
 * The last byte arrived: the bytes are claimed (a repeated last piece finds them gone and is told the
 * upload is being stored), then go through the multipart path. Stored, the answer is the media item
 * (200, as tus clients accept); refused, the bytes and the record are gone and the refusal is answered.
 */
async function finish(deps: AppDeps, user: SessionUser, upload: Upload) {
  const dataDir = deps.env.DATA_DIR;
  const files = uploadFiles(dataDir, upload.id);
  const metadata = upload.metadata as unknown as UploadMetadata;
  try {
    await rename(files.bytes, files.received);
  } catch {
    throw conflict(UPLOADS.finishing);
  }
  try {
    const item = await storeUpload(deps, user, {
      tempPath: files.received,
      originalName: metadata.filename,
      size: upload.size ?? upload.offset,
      fields: { projectId: metadata.projectId },
    });
    uploadBytes.inc(item.file_size);
    const record: UploadRecord = {
      id: upload.id,
      size: upload.size,
      metadata,
      creation_date: upload.creation_date,
    };
    await markStored(dataDir, record, item.id);
    return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(item) };
  } catch (err) {
    uploadFailures.inc();
    await forgetUpload(dataDir, upload.id);
    throw err;
  }
}

/**
 * The console's refusals keep their status and JSON body; tus's own are left for the route to word.
 * Anything else is logged and answered as a plain failure, never with its details.
 */
function asTusError(err: unknown): { status_code: number; body: string } {
  const known = isDiskFullError(err) ? diskFull() : err;
  if (known instanceof AppError) {
    return {
      status_code: httpStatusOf(known.code),
      body: JSON.stringify({ error: known.message, ...known.details }),
    };
  }
  const tus = err as { status_code?: unknown; body?: unknown } | null;
  if (tus && typeof tus.status_code === "number" && typeof tus.body === "string") {
    if (tus.status_code >= 500)
      log.warn("resumable upload failed", { component: "upload", error: tus.body.trim() });
    return { status_code: tus.status_code, body: tus.body };
  }
  log.warn("resumable upload failed", { component: "upload", error: errorField(err) });
  return { status_code: 500, body: "" };
}
