import type { AppDeps } from "@server/deps";
import { requireRoom } from "@server/features/media/disk-space";
import { mediaPaths } from "@server/features/media/storage";
import { requirePermission, requireProject } from "@server/features/projects";
import { jobs, mediaImports } from "@server/platform/db/schema";
import { badRequest, conflict, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { checkUrl, httpPolicy } from "@server/platform/net/outbound-target";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import { ENDED_IMPORT_STATUSES, type MediaImport } from "@shared/schemas/media-imports";
import type { SessionUser } from "@shared/types";
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import { runImport } from "./import-run";
import { directDownloadUrl, fileNameOf, parseImportLink } from "./link-forms";

export { IMPORT_PROGRESS_MS } from "./import-run";

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
