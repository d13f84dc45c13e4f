import type { AppDeps } from "@server/deps";
import { organizations, projects, users } from "@server/platform/db/schema";
import { forbidden, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { PROJECTS } from "@shared/messages/projects";
import type { projectView } from "@shared/schemas/answers-projects";
import type { createProjectInput, updateProjectInput } from "@shared/schemas/projects";
import { appIdFromStoreUrl } from "@shared/steam-store-url";
import type { SessionUser } from "@shared/types";
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { inOrgScope, orgScope, requirePermission, requireProject } from "./access";

/** The spec's Project entity (both specs), as every project call answers it. */
export type ProjectView = z.infer<typeof projectView>;

// Explicit columns. The counts are correlated subqueries written out in full, because drizzle leaves
// column names unqualified in single-table selects and "id" would then mean the inner table's.
function projectQuery(deps: AppDeps) {
  return deps.db
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      url: projects.url,
      org_id: projects.orgId,
      org_name: organizations.name,
      created_by: projects.createdBy,
      creator: users.name,
      created_at: projects.createdAt,
      steam_app_id: projects.steamAppId,
      steam_analytics_enabled: projects.steamAnalyticsEnabled,
      financial_analytics_enabled: projects.financialAnalyticsEnabled,
      steam_last_sync: projects.steamLastSync,
      media_count: sql<number>`(select count(*) from media_files m where m.project_id = "projects"."id")`,
      destinations_count: sql<number>`(select count(*) from destinations d where d.project_id = "projects"."id")`,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .leftJoin(users, eq(users.id, projects.createdBy));
}

type ProjectRow = Awaited<ReturnType<typeof projectQuery>>[number];

function toView({ creator, ...row }: ProjectRow): ProjectView {
  return {
    ...row,
    created_by_name: creator ?? PROJECTS.deletedUser,
    created_at: iso(row.created_at),
    steam_last_sync: iso(row.steam_last_sync),
    media_count: Number(row.media_count),
    destinations_count: Number(row.destinations_count),
  };
}

/** Newest first. Admins see every project, others only their organization's (none without one). */
export async function listProjects(deps: AppDeps, user: SessionUser): Promise<ProjectView[]> {
  const rows = await projectQuery(deps)
    .where(orgScope(user))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map(toView);
}

/** 404 'Project not found' for a missing project and for another organization's alike. */
export async function getProject(deps: AppDeps, user: SessionUser, projectId: number): Promise<ProjectView> {
  await requireProject(deps, user, projectId);
  const [row] = await projectQuery(deps).where(eq(projects.id, projectId));
  if (!row) throw notFound(PROJECTS.notFound);
  return toView(row);
}

export async function createProject(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof createProjectInput>,
): Promise<ProjectView> {
  requirePermission(user, "project.create", PROJECTS.createDenied);
  // A manager may name only its own organization; checked before existence so nothing leaks.
  if (!inOrgScope(user, input.org_id)) throw forbidden(PROJECTS.otherOrganization);
  const [org] = await deps.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, input.org_id));
  if (!org) throw notFound(PROJECTS.organizationNotFound);
  const [created] = await deps.db
    .insert(projects)
    .values({
      name: input.name,
      description: input.description,
      url: input.url,
      steamAppId: appIdFromStoreUrl(input.url),
      orgId: org.id,
      createdBy: user.id,
      createdAt: deps.now(),
    })
    .returning({ id: projects.id });
  return getProject(deps, user, created!.id);
}

/** PUT /projects/{id}: tenancy first (404), then the role (403), so a stranger learns nothing. */
export async function updateProject(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof updateProjectInput>,
) {
  await requireProject(deps, user, input.id);
  requirePermission(user, "project.edit", PROJECTS.editDenied);
  const set: { name: string; description?: string } = { name: input.name };
  if (input.description !== undefined) set.description = input.description;
  const [row] = await deps.db
    .update(projects)
    .set(set)
    .where(eq(projects.id, input.id))
    .returning({ id: projects.id, name: projects.name, description: projects.description });
  return row!;
}
