import type { AppDeps } from "@server/deps";
import { requireProject } from "@server/features/projects";
import { projects } from "@server/platform/db/schema";
import type { ProjectStorage } from "@shared/schemas/media-library";
import type { SessionUser } from "@shared/types";
import { eq } from "drizzle-orm";
import { none, sumsByProject } from "./storage-used";

/** One project's storage, for users who can reach it (another organization's answers 404). */
export async function projectStorageUsed(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
): Promise<ProjectStorage> {
  await requireProject(deps, user, projectId);
  const sums = await sumsByProject(deps, eq(projects.id, projectId));
  return { projectId, ...(sums.get(projectId) ?? none()) };
}
