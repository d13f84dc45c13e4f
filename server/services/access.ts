import { eq } from "drizzle-orm";
import { can, type Permission } from "../../shared/permissions";
import type { SessionUser } from "../../shared/types";
import { projects } from "../db/schema";
import type { AppDeps } from "../deps";
import { forbidden, notFound } from "../errors";

export const PROJECT_NOT_FOUND = "Project not found";
export const NO_PERMISSION = "You do not have permission to perform this action";

/** Throws 403 unless the user's role grants the permission. */
export function requirePermission(user: SessionUser, permission: Permission, message = NO_PERMISSION): void {
  if (!can(user.role, permission)) throw forbidden(message);
}

/**
 * The tenancy check every project-scoped call goes through: admins see every project, others only
 * their own organization's. Another organization's project answers 404, exactly like a missing one.
 */
export function requireProject(deps: AppDeps, user: SessionUser, projectId: number) {
  const project = deps.db.select().from(projects).where(eq(projects.id, projectId)).get();
  if (!project || (user.role !== "admin" && project.orgId !== user.org_id)) throw notFound(PROJECT_NOT_FOUND);
  return project;
}
