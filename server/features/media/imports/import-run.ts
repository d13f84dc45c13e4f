import type { AppDeps } from "@server/deps";
import { diskFull, isDiskFullError, requireRoom } from "@server/features/media/disk-space";
import { mediaPaths, removeQuietly } from "@server/features/media/storage";
import { storeUpload } from "@server/features/media/store-upload";
import { TempFile } from "@server/features/media/temp-file";
import { mediaImports } from "@server/platform/db/schema";
import { AppError, badRequest } from "@server/platform/errors";
import { errorField, log } from "@server/platform/log";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import type { MediaImportStatus } from "@shared/schemas/media-imports";
import type { SessionUser } from "@shared/types";
import { and, eq, inArray } from "drizzle-orm";
import { downloadInto } from "./download";
import { fileNameOf } from "./link-forms";

/** How often a running import writes its progress, and learns whether it was cancelled meanwhile. */
export const IMPORT_PROGRESS_MS = 500;

/**
 * The job's work: download into a temp file (progress written every IMPORT_PROGRESS_MS, each write
 * also finding out whether the import was cancelled meanwhile), then the upload's own path (type by
 * content, probe, poster, record, Steam readiness, preparation). Whatever fails, the temp file goes
 * and the row says why in plain words; the job itself always ends done.
 */
export async function runImport(
  deps: AppDeps,
  user: SessionUser,
  job: { id: number; projectId: number; url: URL },
  signal: AbortSignal,
): Promise<void> {
  const paths = mediaPaths(deps.env.DATA_DIR);
  const minFree = deps.env.MIN_FREE_DISK_BYTES;
  const abort = new AbortController();
  const stop = AbortSignal.any([signal, abort.signal]);
  const file = TempFile.create(paths.newTemp(), (ahead) => requireRoom(paths.tmp, ahead, minFree));
  let name = fileNameOf(job.url, null);
  let bytes = 0;
  let total: number | null = null;
  let written = -1;
  // A progress write that finds the row no longer downloading means it was cancelled (maybe on another node).
  const writeProgress = async () => {
    if (bytes === written) return;
    written = bytes;
    const still = await setIfDownloading(deps, job.id, { bytes, total, name });
    if (!still) abort.abort();
  };
  const ticker = setInterval(() => void writeProgress().catch(() => {}), IMPORT_PROGRESS_MS);
  let stored = false;
  try {
    const size = await downloadInto(job.url, file, {
      allowPrivate: deps.env.ALLOW_PRIVATE_TARGETS,
      resolve: deps.resolve,
      maxBytes: deps.env.MAX_UPLOAD_BYTES,
      stallMs: deps.env.IMPORT_STALL_SECONDS * 1000,
      signal: stop,
      onHeaders: async (info) => {
        name = info.name;
        total = info.total;
        await requireRoom(paths.tmp, info.total ?? 0, minFree);
        written = -1;
        await writeProgress();
      },
      onBytes: (n) => {
        bytes = n;
      },
    });
    await file.finish();
    clearInterval(ticker);
    if (
      !(await setIfDownloading(deps, job.id, {
        bytes: size,
        total: total ?? size,
        name,
        status: "processing",
      }))
    )
      throw badRequest(MEDIA_IMPORTS.cancelled);
    stored = true;
    const item = await storeUpload(deps, user, {
      tempPath: file.path,
      originalName: name,
      size,
      fields: { projectId: String(job.projectId) },
    });
    await finishRow(deps, job.id, { status: "done", mediaId: item.id, error: null });
  } catch (err) {
    clearInterval(ticker);
    // storeUpload removes its own leftovers; before it, the temp file is ours to remove.
    if (!stored) await file.discard();
    else await removeQuietly(file.path);
    await finishRow(deps, job.id, { status: "failed", error: failureText(err) });
  }
}

/** Writes to the row while it is still downloading; false when it is not (it was cancelled). */
async function setIfDownloading(
  deps: AppDeps,
  id: number,
  values: { bytes: number; total: number | null; name: string; status?: MediaImportStatus },
): Promise<boolean> {
  const rows = await deps.db
    .update(mediaImports)
    .set({ ...values, updatedAt: deps.now() })
    .where(and(eq(mediaImports.id, id), eq(mediaImports.status, "downloading")))
    .returning({ id: mediaImports.id });
  return rows.length > 0;
}

/** Ends the row, unless it was cancelled meanwhile (a cancel is the last word). */
async function finishRow(
  deps: AppDeps,
  id: number,
  values: { status: "done" | "failed"; mediaId?: number; error: string | null },
): Promise<void> {
  const now = deps.now();
  try {
    await deps.db
      .update(mediaImports)
      .set({ ...values, updatedAt: now, finishedAt: now })
      .where(and(eq(mediaImports.id, id), inArray(mediaImports.status, ["downloading", "processing"])));
  } catch (err) {
    log.warn("import could not record its end", { component: "media-import", error: errorField(err) });
  }
}

/** What the studio reads: our refusals as they are, a full disk as such, anything else as "unreachable". */
function failureText(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (isDiskFullError(err)) return diskFull().message;
  log.warn("import failed", { component: "media-import", error: errorField(err) });
  return MEDIA_IMPORTS.unreachable;
}
