import { join } from "node:path";
import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { forUpdate } from "@server/platform/db/portable";
import { mediaFiles, mediaPreparations } from "@server/platform/db/schema";
import { AppError, notFound } from "@server/platform/errors";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import type { SessionUser } from "@shared/types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { mediaPaths, removeQuietly } from "./storage";

/** A file the delete of several refused, and the hold that refused it (a live stream, a playlist…). */
export interface FileInUse {
  id: number;
  name: string;
  use: string;
}

/**
 * Deletes several of a project's files at once, all or none. Admins only, as one file's delete. An
 * id that is not a file of the project (missing, another project's, another organization's) answers
 * 404 as a missing file does; any file still held refuses the whole request with 409, naming each
 * such file and what holds it, so a studio clears every hold in one go.
 */
export async function deleteManyMedia(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; ids: number[] },
) {
  requirePermission(user, "media.delete");
  await requireProject(deps, user, input.projectId);
  const gone = await deps.db.transaction(async (tx) => {
    // Locked on PostgreSQL, as one file's delete does: a stream or playlist taking a file now waits
    // for this decision, and one being written now is waited for and then seen.
    const rows = await forUpdate(
      tx
        .select({ id: mediaFiles.id, name: mediaFiles.originalName })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.projectId, input.projectId), inArray(mediaFiles.id, input.ids)))
        .orderBy(asc(mediaFiles.id)),
    );
    if (rows.length !== input.ids.length) throw notFound(MEDIA.mediaNotFound);
    const inUse: FileInUse[] = [];
    for (const row of rows) {
      for (const hold of deps.mediaHolds) {
        const refusal = await hold(tx, row.id);
        if (refusal === null) continue;
        inUse.push({ id: row.id, name: row.name, use: refusal });
        break;
      }
    }
    if (inUse.length > 0) {
      const named = inUse.map((f) => MEDIA_LIBRARY.inUseItem(f.name, f.use));
      throw new AppError("CONFLICT", MEDIA_LIBRARY.bulkInUse(named), { inUse });
    }
    // What goes from the disk once the rows are gone: read before, since the preparations cascade.
    const files = await tx
      .select({
        storedName: mediaFiles.storedName,
        posterName: mediaFiles.posterName,
        prepared: mediaPreparations.outputName,
      })
      .from(mediaFiles)
      .leftJoin(mediaPreparations, eq(mediaPreparations.mediaId, mediaFiles.id))
      .where(inArray(mediaFiles.id, input.ids));
    await tx.delete(mediaFiles).where(inArray(mediaFiles.id, input.ids));
    return files;
  });
  const paths = mediaPaths(deps.env.DATA_DIR);
  await Promise.all(
    gone.flatMap((f) => [
      removeQuietly(paths.file(f.storedName)),
      removeQuietly(f.posterName ? paths.poster(f.posterName) : null),
      removeQuietly(f.prepared ? join(paths.prepared, f.prepared) : null),
    ]),
  );
  return { success: true as const, deleted: gone.length, message: MEDIA_LIBRARY.deletedCount(gone.length) };
}
