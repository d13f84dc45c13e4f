import type { Db } from "@server/platform/db/client";
import { organizations, users } from "@server/platform/db/schema";
import { canCreateProjects, type Role } from "@shared/roles";
import type { SessionUser } from "@shared/types";
import { eq } from "drizzle-orm";

/**
 * Members of a deactivated organization are shut out. Administrators run the console for every
 * organization, so their own organization's state never locks them out of it.
 */
export const memberMaySignIn = (role: Role, orgActive: boolean | null) =>
  role === "admin" || orgActive !== false;

/** The user as sent to the client: explicit columns, never the hash. Null when absent or inactive. */
export async function findSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      org_id: users.orgId,
      org_name: organizations.name,
      isActive: users.isActive,
      orgActive: organizations.isActive,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId));
  if (!row?.isActive || !memberMaySignIn(row.role, row.orgActive)) return null;
  const { isActive: _active, orgActive: _orgActive, ...user } = row;
  return { ...user, canCreateProjects: canCreateProjects(user.role) };
}
