import type { AppDeps } from "@server/deps";
import { projects } from "@server/platform/db/schema";
import { forbidden, notFound } from "@server/platform/errors";
import { AUTH } from "@shared/messages/auth";
import { PROJECTS } from "@shared/messages/projects";
import { can, type Permission } from "@shared/permissions";
import type { SessionUser } from "@shared/types";
import { eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Throws 403 unless the user's role grants the permission. */
export function requirePermission(
  user: SessionUser,
  permission: Permission,
  message: string = AUTH.noPermission,
) {
  if (!can(user.role, permission)) throw forbidden(message);
}

/** Throws 403 unless the user is an administrator. */
export const requireAdmin = (user: SessionUser) =>
  requirePermission(user, "admin.manage", AUTH.adminRequired);

/**
 * The tenancy filter of every scoped query: nothing for admins, who see everything; for everyone
 * else, rows whose organization column is the user's own (no rows at all for a user without one).
 */
export function orgScope(user: SessionUser, column: SQLiteColumn = projects.orgId): SQL | undefined {
  return user.role === "admin" ? undefined : eq(column, user.org_id ?? -1);
}

/** The same rule for one row already loaded: may this user see a row of organization `orgId`? */
export const inOrgScope = (user: SessionUser, orgId: number | null) =>
  user.role === "admin" || (orgId !== null && orgId === user.org_id);

/**
 * Whether the user may see project `projectId`. Null (a window starting on its own) sees none: a
 * refusal then names nothing beyond what is missing.
 */
export async function seesProject(
  deps: AppDeps,
  user: SessionUser | null,
  projectId: number,
): Promise<boolean> {
  if (!user) return false;
  const [project] = await deps.db
    .select({ orgId: projects.orgId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return !!project && inOrgScope(user, project.orgId);
}

/**
 * The tenancy check every project-scoped call goes through. Another organization's project answers
 * 404, exactly like a missing one, so ids reveal nothing. A row looked up through its project passes
 * its own not-found message, so another organization's row reads exactly like a missing row.
 */
export async function requireProject(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  notFoundMessage: string = PROJECTS.notFound,
) {
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project || !inOrgScope(user, project.orgId)) throw notFound(notFoundMessage);
  return project;
}
