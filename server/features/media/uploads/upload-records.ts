import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { mediaPaths } from "@server/features/media/storage";
import { notFound } from "@server/platform/errors";
import { UPLOADS } from "@shared/messages/uploads";
import type { SessionUser } from "@shared/types";

// A resumable upload lives in DATA_DIR/media/.uploads as two files: its bytes so far (`<id>`) and its
// record (`<id>.json`, written by the tus file store). Both sit on the storage every node shares, so a
// piece sent after a dropped connection may land on any node. The record's metadata holds who started
// the upload and for which project; once stored as a media item, the item's id is added and the bytes
// are gone (moved into the library). While the last byte is being checked, the bytes wait under
// `<id>.received`, which only one request can claim.

/** tus ids are 16 random bytes in hex; anything else is refused before it comes near a path. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The metadata the console keeps on an upload (the client's own keys are not kept). */
export interface UploadMetadata {
  projectId: string;
  filename: string;
  filetype?: string;
  /** The user who started it: the only one who may see, continue or end it. */
  userId: string;
  /** Set once the file is stored as a media item. */
  mediaId?: string;
}

export interface UploadRecord {
  id: string;
  size?: number;
  metadata: UploadMetadata;
  creation_date?: string;
}

export function uploadFiles(dataDir: string, id: string) {
  const dir = mediaPaths(dataDir).uploads;
  return {
    bytes: join(dir, id),
    record: join(dir, `${id}.json`),
    received: join(dir, `${id}.received`),
  };
}

async function readRecord(path: string): Promise<UploadRecord | null> {
  try {
    const record = JSON.parse(await readFile(path, "utf8")) as UploadRecord;
    return record && typeof record === "object" && record.metadata ? record : null;
  } catch {
    return null;
  }
}

/** When the upload was last written to: its bytes' or its record's last change, whichever is later. */
async function lastActivity(dataDir: string, id: string): Promise<number | null> {
  const files = uploadFiles(dataDir, id);
  const times = await Promise.all(
    [files.bytes, files.record, files.received].map((p) =>
      stat(p).then(
        (s) => s.mtimeMs,
        () => null,
      ),
    ),
  );
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

/** Removes every file of one upload; a missing one is already the wanted state. */
export async function forgetUpload(dataDir: string, id: string): Promise<void> {
  const files = uploadFiles(dataDir, id);
  await Promise.all([files.bytes, files.received, files.record].map((p) => rm(p, { force: true })));
}

/**
 * The user's own upload, or 404 for a malformed id, another user's upload or one that has expired (an
 * expired one goes at once rather than at the next sweep). Another user's upload reads exactly like a
 * missing one.
 */
export async function ownUpload(
  dataDir: string,
  user: SessionUser,
  id: string,
  expiryMs: number,
  now = Date.now(),
): Promise<UploadRecord> {
  if (!UPLOAD_ID.test(id)) throw notFound(UPLOADS.notFound);
  const record = await readRecord(uploadFiles(dataDir, id).record);
  if (!record || record.metadata.userId !== String(user.id)) throw notFound(UPLOADS.notFound);
  const last = await lastActivity(dataDir, id);
  if (last === null || now - last >= expiryMs) {
    await forgetUpload(dataDir, id);
    throw notFound(UPLOADS.notFound);
  }
  return record;
}

/** Notes the media item an upload became; its bytes are in the library by now. */
export async function markStored(dataDir: string, record: UploadRecord, mediaId: number): Promise<void> {
  const updated = { ...record, metadata: { ...record.metadata, mediaId: String(mediaId) } };
  await writeFile(uploadFiles(dataDir, record.id).record, JSON.stringify(updated));
}

/**
 * Removes uploads no one has written to for `expiryMs`: abandoned ones with their bytes, and the
 * records of finished ones. Files of no known upload (a crash between the tus store's two writes)
 * go by the same rule. Returns how many uploads went.
 */
export async function sweepExpiredUploads(
  dataDir: string,
  expiryMs: number,
  now = Date.now(),
): Promise<number> {
  const dir = mediaPaths(dataDir).uploads;
  const ids = new Set<string>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const id = name.split(".")[0]!;
    if (UPLOAD_ID.test(id)) ids.add(id);
  }
  let removed = 0;
  for (const id of ids) {
    const last = await lastActivity(dataDir, id);
    if (last !== null && now - last >= expiryMs) {
      await forgetUpload(dataDir, id);
      removed++;
    }
  }
  return removed;
}
