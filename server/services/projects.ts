import { desc, eq } from "drizzle-orm";
import type { SessionUser } from "../../shared/types";
import { organizations, projects } from "../db/schema";
import type { AppDeps } from "../deps";

// Minimal list for the shell's project switcher; the projects issue grows this into the full service.
export function listProjects(deps: AppDeps, user: SessionUser) {
  const query = deps.db
    .select({ id: projects.id, name: projects.name, org_id: projects.orgId, org_name: organizations.name })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return user.role === "admin" ? query.all() : query.where(eq(projects.orgId, user.org_id ?? -1)).all();
}
