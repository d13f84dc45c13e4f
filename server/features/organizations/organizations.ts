import type { AppDeps } from "@server/deps";
import { orgScope, requireAdmin } from "@server/features/projects";
import { revokeTokensOf } from "@server/features/tokens";
import { likeIgnoringCase } from "@server/platform/db/portable";
import { organizations, sessions, users } from "@server/platform/db/schema";
import { conflict, notFound } from "@server/platform/errors";
import { ORGANIZATIONS, organizationNotEmpty } from "@shared/messages/organizations";
import type {
  createOrganizationInput,
  listOrganizationsInput,
  updateOrganizationInput,
} from "@shared/schemas/organizations";
import type { SessionUser } from "@shared/types";
import { and, asc, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";

const SLUG_MAX = 60;

/**
 * The database refused a delete because other rows still point at the row: SQLite's code, or
 * PostgreSQL's SQLSTATE 23503, on the error or on the driver error drizzle wraps.
 */
export function isForeignKeyError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; errno?: unknown; cause?: unknown } | null;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "SQLITE_CONSTRAINT_FOREIGNKEY" || e.code === "23503" || e.errno === "23503") return true;
    if (e.cause === e) break;
  }
  return false;
}

/** An organization as every organization call answers it. */
export interface OrganizationView {
  id: number;
  name: string;
  slug: string;
  is_active: boolean;
  user_count: number;
  project_count: number;
  created_at: string;
}

/** LIKE pattern for a user's text, with its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Counts are correlated subqueries written out in full: drizzle leaves column names unqualified
// in a single-table select, which would make "id" inside the subquery mean the inner table's.
function organizationQuery(deps: AppDeps) {
  return deps.db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      is_active: organizations.isActive,
      user_count: sql<number>`(select count(*) from users u where u.org_id = "organizations"."id")`,
      project_count: sql<number>`(select count(*) from projects p where p.org_id = "organizations"."id")`,
      created_at: organizations.createdAt,
    })
    .from(organizations);
}

type OrganizationRow = Awaited<ReturnType<typeof organizationQuery>>[number];

const toView = (row: OrganizationRow): OrganizationView => ({
  ...row,
  user_count: Number(row.user_count),
  project_count: Number(row.project_count),
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Admins: every organization, filtered by name or slug. Others: only their own, so a manager's
 * Create Project modal, which fetches this list when it opens, can offer it.
 */
export async function listOrganizations(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof listOrganizationsInput>,
): Promise<OrganizationView[]> {
  const search = input?.search?.trim();
  const filters = [orgScope(user, organizations.id)];
  if (search) {
    const pattern = containsPattern(search);
    filters.push(
      or(likeIgnoringCase(organizations.name, pattern), likeIgnoringCase(organizations.slug, pattern)),
    );
  }
  const rows = await organizationQuery(deps)
    .where(and(...filters))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map(toView);
}

export async function getOrganization(deps: AppDeps, id: number): Promise<OrganizationView> {
  const [row] = await organizationQuery(deps).where(eq(organizations.id, id));
  if (!row) throw notFound(ORGANIZATIONS.notFound);
  return toView(row);
}

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return base || "organization";
}

/** The name's slug, made unique with -2, -3…. */
async function uniqueSlug(db: Pick<AppDeps["db"], "select">, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createOrganization(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof createOrganizationInput>,
) {
  requireAdmin(user);
  // The free slug is found and taken in one transaction; on PostgreSQL the unique slug is the last word.
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        slug: await uniqueSlug(tx, input.name),
        isActive: input.is_active,
        createdAt: deps.now(),
      })
      .returning({ id: organizations.id });
    return row!;
  });
  return {
    success: true as const,
    message: ORGANIZATIONS.created,
    organization: await getOrganization(deps, created.id),
  };
}

/**
 * Renaming keeps the slug: it is the organization's stable handle (links, scripts, search), and a
 * name change must not break what refers to it.
 */
export async function updateOrganization(
  deps: AppDeps,
  user: SessionUser,
  input: z.infer<typeof updateOrganizationInput>,
) {
  requireAdmin(user);
  const current = await getOrganization(deps, input.id);
  const isActive = input.is_active ?? current.is_active;
  await deps.db.transaction(async (tx) => {
    await tx.update(organizations).set({ name: input.name, isActive }).where(eq(organizations.id, input.id));
    // Deactivating signs its members out and revokes their tokens at once, for good: reactivating
    // restores neither. Administrators keep both, as they keep access (see memberMaySignIn).
    if (current.is_active && !isActive) {
      const members = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, input.id), ne(users.role, "admin")));
      await tx.delete(sessions).where(inArray(sessions.userId, members));
      await revokeTokensOf(tx, members);
    }
  });
  return {
    success: true as const,
    message: ORGANIZATIONS.updated,
    organization: await getOrganization(deps, input.id),
  };
}

/** Refused with 409 while the organization holds users or projects: deleting never loses anything. */
export async function deleteOrganization(deps: AppDeps, user: SessionUser, id: number) {
  requireAdmin(user);
  const org = await getOrganization(deps, id);
  if (org.user_count > 0 || org.project_count > 0) {
    throw conflict(organizationNotEmpty(org.user_count, org.project_count));
  }
  try {
    await deps.db.delete(organizations).where(eq(organizations.id, id));
  } catch (err) {
    // A table added later that points at the organization: still a 409, never a 500.
    if (isForeignKeyError(err)) throw conflict(ORGANIZATIONS.stillReferenced);
    throw err;
  }
  return { success: true as const, message: ORGANIZATIONS.deleted };
}
