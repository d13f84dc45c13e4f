import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "@server/platform/db/client";
import { mediaFiles, mediaPreparations, organizations, projects } from "@server/platform/db/schema";
import type { ProjectStorage, StorageOverview } from "@shared/schemas/media-library";
import { and, asc, count, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { mediaPaths } from "./storage";

// The disk a project's media takes: the uploaded files as recorded at upload, plus the copies
// converted for streaming as they are on the disk now (their size is known only once made, and a
// copy removed by hand or by a new conversion takes no room). Posters are a few kilobytes per file
// and left out.

type Sums = Omit<ProjectStorage, "projectId">;
export const none = (): Sums => ({ files: 0, mediaBytes: 0, preparedBytes: 0, totalBytes: 0 });

/** What the sums read: the database and where the files are (not the whole of the app's deps, which other features import this through). */
export interface StorageDeps {
  db: Db;
  env: { DATA_DIR: string };
}

/** Bytes of a converted copy on the disk; 0 when it is not there (yet, or any more). */
async function sizeOnDisk(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? info.size : 0;
}

/** Per project under `where` (a project filter): its files, their bytes and their copies' bytes. */
export async function sumsByProject(deps: StorageDeps, where: SQL | undefined): Promise<Map<number, Sums>> {
  const uploaded = await deps.db
    .select({
      projectId: mediaFiles.projectId,
      files: count(),
      bytes: sql`coalesce(sum(${mediaFiles.fileSize}), 0)`.mapWith(Number),
    })
    .from(mediaFiles)
    .innerJoin(projects, eq(projects.id, mediaFiles.projectId))
    .where(where)
    .groupBy(mediaFiles.projectId);
  const copies = await deps.db
    .select({ projectId: mediaFiles.projectId, name: mediaPreparations.outputName })
    .from(mediaPreparations)
    .innerJoin(mediaFiles, eq(mediaFiles.id, mediaPreparations.mediaId))
    .innerJoin(projects, eq(projects.id, mediaFiles.projectId))
    .where(and(where, isNotNull(mediaPreparations.outputName)));
  const sums = new Map<number, Sums>();
  const of = (projectId: number) => {
    const known = sums.get(projectId);
    if (known) return known;
    const fresh = none();
    sums.set(projectId, fresh);
    return fresh;
  };
  for (const row of uploaded) {
    const s = of(row.projectId);
    s.files = row.files;
    s.mediaBytes = row.bytes;
  }
  const prepared = mediaPaths(deps.env.DATA_DIR).prepared;
  const sizes = await Promise.all(copies.map((c) => sizeOnDisk(join(prepared, c.name!))));
  copies.forEach((c, i) => {
    of(c.projectId).preparedBytes += sizes[i]!;
  });
  for (const s of sums.values()) s.totalBytes = s.mediaBytes + s.preparedBytes;
  return sums;
}

/**
 * Every project under `scope` (the projects a user sees: the caller names them, so this file needs
 * nothing of who may see what), largest first, and their sum.
 */
export async function storageOverview(deps: StorageDeps, scope: SQL | undefined): Promise<StorageOverview> {
  const all = await deps.db
    .select({ id: projects.id, name: projects.name, org_name: organizations.name })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .where(scope)
    .orderBy(asc(projects.name), asc(projects.id));
  const sums = await sumsByProject(deps, scope);
  const rows = all
    .map(({ id, ...p }) => ({ projectId: id, ...p, ...(sums.get(id) ?? none()) }))
    .sort((a, b) => b.totalBytes - a.totalBytes);
  const total = none();
  for (const r of rows) {
    total.files += r.files;
    total.mediaBytes += r.mediaBytes;
    total.preparedBytes += r.preparedBytes;
    total.totalBytes += r.totalBytes;
  }
  return { ...total, projects: rows };
}
