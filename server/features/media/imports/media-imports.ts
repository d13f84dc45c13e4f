import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { jobs, mediaImports } from "@server/platform/db/schema";
import { AppError, badRequest, conflict, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { errorField, log } from "@server/platform/log";
import { checkUrl, httpPolicy } from "@server/platform/net/outbound-target";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import {
  ENDED_IMPORT_STATUSES,
  type MediaImport,
  type MediaImportStatus,
} from "@shared/schemas/media-imports";
import type { SessionUser } from "@shared/types";
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import { diskFull, isDiskFullError, requireRoom } from "@server/features/media/disk-space";
import { mediaPaths, removeQuietly } from "@server/features/media/storage";
import { storeUpload } from "@server/features/media/store-upload";
import { TempFile } from "@server/features/media/temp-file";
import { downloadInto } from "./download";
import { directDownloadUrl, fileNameOf, parseImportLink } from "./link-forms";

/** How often a running import writes its progress, and learns whether it was cancelled meanwhile. */
export const IMPORT_PROGRESS_MS = 500;
/** Finished imports stay in the list this long. */
const RECENT_MS = 24 * 60 * 60_000;
const LIST_MAX = 50;
const JOB_KIND = "media-import";

type ImportRow = typeof mediaImports.$inferSelect;

/** The downloads this process runs, per database (each test has its own), to stop one at once on cancel. */
const runningByDb = new WeakMap<object, Map<number, { abort: AbortController; done: Promise<void> }>>();
function running(deps: AppDeps) {
  const found = runningByDb.get(deps.db);
  if (found) return found;
  const map = new Map<number, { abort: AbortController; done: Promise<void> }>();
  runningByDb.set(deps.db, map);
  return map;
}

/**
 * Starts importing a file from a link into a project: who may upload may import. The link is read,
 * turned into its direct-download form and its host checked (after DNS) before anything is recorded,
 * so a refused link answers 4xx and leaves no row. The download runs on as a job of this node; the
 * answer is the import to follow.
 */
export async function startImport(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; url: string },
): Promise<MediaImport> {
  requirePermission(user, "media.upload");
  await requireProject(deps, user, input.projectId);
  const link = parseImportLink(input.url);
  const url = directDownloadUrl(link);
  const target = await checkUrl(url, httpPolicy(deps.env.ALLOW_PRIVATE_TARGETS), deps.resolve);
  if (!target.ok) {
    throw badRequest(target.reason === "refused" ? MEDIA_IMPORTS.targetRefused : MEDIA_IMPORTS.unresolved);
  }
  await requireRoom(mediaPaths(deps.env.DATA_DIR).tmp, 0, deps.env.MIN_FREE_DISK_BYTES);

  const now = deps.now();
  const [row] = await deps.db
    .insert(mediaImports)
    .values({
      projectId: input.projectId,
      startedBy: user.id,
      url: link.href,
      name: fileNameOf(url, null),
      status: "downloading",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const id = row!.id;
  const abort = new AbortController();
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  running(deps).set(id, { abort, done });
  const job = await deps.jobs.start(
    { kind: JOB_KIND, key: `${JOB_KIND}:${id}`, projectId: input.projectId, startedBy: user.id },
    () =>
      runImport(deps, user, { id, projectId: input.projectId, url }, abort.signal).finally(() => {
        running(deps).delete(id);
        finish();
      }),
  );
  await deps.db.update(mediaImports).set({ jobId: job.id }).where(eq(mediaImports.id, id));
  return toView({ ...row!, jobId: job.id }, null);
}

/** A project's imports: those running, and those that ended in the last day, newest first. */
export async function listImports(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<MediaImport[]> {
  await requireProject(deps, user, input.projectId);
  const rows = await deps.db
    .select({ row: mediaImports, jobStatus: jobs.status })
    .from(mediaImports)
    .leftJoin(jobs, eq(jobs.id, mediaImports.jobId))
    .where(
      and(
        eq(mediaImports.projectId, input.projectId),
        or(
          inArray(mediaImports.status, ["downloading", "processing"]),
          gte(mediaImports.createdAt, deps.now() - RECENT_MS),
        ),
      ),
    )
    .orderBy(desc(mediaImports.createdAt), desc(mediaImports.id))
    .limit(LIST_MAX);
  return rows.map(({ row, jobStatus }) => toView(row, jobStatus));
}

/**
 * Cancels a running import: its bytes are removed before this answers when this node runs it (another
 * node stops its download at its next progress write, within IMPORT_PROGRESS_MS). An import whose file
 * is being checked can no longer be cancelled (409); one that has ended leaves the list.
 */
export async function cancelImport(deps: AppDeps, user: SessionUser, input: { id: number }) {
  requirePermission(user, "media.upload");
  const [row] = await deps.db.select().from(mediaImports).where(eq(mediaImports.id, input.id));
  if (!row) throw notFound(MEDIA_IMPORTS.notFound);
  await requireProject(deps, user, row.projectId, MEDIA_IMPORTS.notFound);
  const now = deps.now();
  const cancelled = await deps.db
    .update(mediaImports)
    .set({ status: "cancelled", error: MEDIA_IMPORTS.cancelled, updatedAt: now, finishedAt: now })
    .where(and(eq(mediaImports.id, input.id), eq(mediaImports.status, "downloading")))
    .returning({ id: mediaImports.id });
  if (cancelled.length > 0) {
    const local = running(deps).get(input.id);
    local?.abort.abort();
    await local?.done;
    return { success: true as const, message: MEDIA_IMPORTS.cancelled };
  }
  const [now2] = await deps.db
    .select({ status: mediaImports.status })
    .from(mediaImports)
    .where(eq(mediaImports.id, input.id));
  if (now2?.status === "processing") throw conflict(MEDIA_IMPORTS.tooLateToCancel);
  await deps.db.delete(mediaImports).where(eq(mediaImports.id, input.id));
  return { success: true as const, message: MEDIA_IMPORTS.dismissed };
}

/**
 * The job's work: download into a temp file (progress written every IMPORT_PROGRESS_MS, each write
 * also finding out whether the import was cancelled meanwhile), then the upload's own path (type by
 * content, probe, poster, record, Steam readiness, preparation). Whatever fails, the temp file goes
 * and the row says why in plain words; the job itself always ends done.
 */
async function runImport(
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

function toView(row: ImportRow, jobStatus: string | null): MediaImport {
  // A row left running by a job that ended without it (its server stopped) has failed.
  const orphaned =
    !ENDED_IMPORT_STATUSES.includes(row.status) && (jobStatus === "interrupted" || jobStatus === "failed");
  return {
    id: row.id,
    projectId: row.projectId,
    url: row.url,
    name: row.name,
    status: orphaned ? "failed" : row.status,
    bytes: row.bytes,
    total: row.total,
    mediaId: row.mediaId,
    error: orphaned ? MEDIA_IMPORTS.interrupted : row.error,
    createdAt: iso(row.createdAt),
    finishedAt: iso(row.finishedAt),
  };
}
