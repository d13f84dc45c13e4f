import type { AppDeps } from "@server/deps";
import { hashPassword } from "@server/features/auth";
import { containsPattern, isForeignKeyError } from "@server/features/organizations";
import { requireAdmin } from "@server/features/projects";
import { organizations, projects, users } from "@server/platform/db/schema";
import { badRequest, conflict, notFound } from "@server/platform/errors";
import { emailChangedFor, passwordResetFor, USERS } from "@shared/messages/users";
import type { Role } from "@shared/roles";
import type {
  AdminChangeEmailInput,
  CreateUserInput,
  ListUsersInput,
  ResetPasswordInput,
  SetUserActiveInput,
  UpdateUserProfileInput,
} from "@shared/schemas/users";
import type { SessionUser } from "@shared/types";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { endAccess, requireFreeEmail, requireOrganization } from "./user-checks";

/**
 * "Assigned projects" are the projects the user created: the console has no assignment screen or
 * call, and created_by is the only user-to-project link the data holds.
 */
export interface UserView {
  id: number;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  org_id: number | null;
  org_name: string | null;
  last_login: string | null;
  created_at: string;
  auth_provider: string;
  assigned_projects_count: number;
}

export interface UserDetails extends UserView {
  assigned_projects: { id: number; name: string }[];
}

// Explicit columns: the password hash never leaves this file's queries.
function userQuery(deps: AppDeps) {
  return deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      is_active: users.isActive,
      org_id: users.orgId,
      org_name: organizations.name,
      last_login: users.lastLogin,
      created_at: users.createdAt,
      auth_provider: users.authProvider,
      assigned_projects_count: sql<number>`(select count(*) from projects p where p.created_by = "users"."id")`,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId));
}

type UserRow = Awaited<ReturnType<typeof userQuery>>[number];

const toView = (row: UserRow): UserView => ({
  ...row,
  last_login: row.last_login == null ? null : new Date(row.last_login).toISOString(),
  created_at: new Date(row.created_at).toISOString(),
  assigned_projects_count: Number(row.assigned_projects_count),
});

/** Newest first, filtered by name or email and by role. */
export async function listUsers(
  deps: AppDeps,
  actor: SessionUser,
  input: ListUsersInput,
): Promise<UserView[]> {
  requireAdmin(actor);
  const search = input?.search?.trim();
  const filters = [];
  if (input?.role) filters.push(eq(users.role, input.role));
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    filters.push(
      or(
        sql`lower(${users.name}) like ${pattern} escape '\\'`,
        sql`${users.email} like ${pattern} escape '\\'`,
      ),
    );
  }
  const rows = await userQuery(deps)
    .where(and(...filters))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toView);
}

async function findUser(deps: AppDeps, id: number): Promise<UserView> {
  const [row] = await userQuery(deps).where(eq(users.id, id));
  if (!row) throw notFound(USERS.notFound);
  return toView(row);
}

export async function getUser(deps: AppDeps, actor: SessionUser, id: number): Promise<UserDetails> {
  requireAdmin(actor);
  const user = await findUser(deps, id);
  const assigned = await deps.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.createdBy, id))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return { ...user, assigned_projects: assigned };
}

export async function createUser(deps: AppDeps, actor: SessionUser, input: CreateUserInput) {
  requireAdmin(actor);
  const email = input.email.toLowerCase();
  await requireFreeEmail(deps.db, email);
  await requireOrganization(deps.db, input.org_id);
  const passwordHash = await hashPassword(input.password);
  // Checked again after the (slow) hash, with the insert: another request may have taken the email meanwhile.
  const created = await deps.db.transaction(async (tx) => {
    await requireFreeEmail(tx, email);
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        email,
        passwordHash,
        role: input.role,
        isActive: input.is_active,
        orgId: input.org_id,
        createdAt: deps.now(),
      })
      .returning({ id: users.id });
    return row!;
  });
  return { success: true as const, message: USERS.created, user: await findUser(deps, created.id) };
}

export async function updateUserProfile(deps: AppDeps, actor: SessionUser, input: UpdateUserProfileInput) {
  requireAdmin(actor);
  const current = await findUser(deps, input.id);
  if (input.id === actor.id && !input.is_active) throw badRequest(USERS.cannotDeactivateSelf);
  if (input.id === actor.id && input.role !== "admin") throw badRequest(USERS.cannotDemoteSelf);
  const email = input.email.toLowerCase();
  const orgId = input.org_id === undefined ? current.org_id : input.org_id;
  await deps.db.transaction(async (tx) => {
    await requireFreeEmail(tx, email, input.id);
    await requireOrganization(tx, orgId);
    await tx
      .update(users)
      .set({ name: input.name, email, role: input.role, isActive: input.is_active, orgId })
      .where(eq(users.id, input.id));
    if (!input.is_active) await endAccess(tx, input.id);
  });
  return { success: true as const, message: USERS.updated, user: await findUser(deps, input.id) };
}

/**
 * Ends the user's sessions and revokes its tokens: whoever held them knew the old password, or took
 * them while the account was someone else's to worry about. An admin resetting its own password
 * keeps the session or token it acts from.
 */
export async function resetPassword(
  deps: AppDeps,
  actor: SessionUser,
  actorSessionId: string,
  input: ResetPasswordInput,
) {
  requireAdmin(actor);
  const user = await findUser(deps, input.id);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, input.id));
    await endAccess(tx, input.id, input.id === actor.id ? actorSessionId : undefined);
  });
  return { success: true as const, message: passwordResetFor(user.name) };
}

export async function changeUserEmail(deps: AppDeps, actor: SessionUser, input: AdminChangeEmailInput) {
  requireAdmin(actor);
  const user = await findUser(deps, input.id);
  const email = input.newEmail.toLowerCase();
  await deps.db.transaction(async (tx) => {
    await requireFreeEmail(tx, email, input.id);
    await tx.update(users).set({ email }).where(eq(users.id, input.id));
  });
  return {
    success: true as const,
    message: emailChangedFor(user.name),
    user: await findUser(deps, input.id),
  };
}

export async function setUserActive(deps: AppDeps, actor: SessionUser, input: SetUserActiveInput) {
  requireAdmin(actor);
  await findUser(deps, input.id);
  if (input.id === actor.id && !input.is_active) throw badRequest(USERS.cannotDeactivateSelf);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: input.is_active }).where(eq(users.id, input.id));
    // Reactivation restores neither: the user signs in again and makes new tokens.
    if (!input.is_active) await endAccess(tx, input.id);
  });
  return {
    success: true as const,
    message: input.is_active ? USERS.activated : USERS.deactivated,
    user: await findUser(deps, input.id),
  };
}

/** Sessions and API tokens go with the user (FK cascade); its projects, media and streams stay, creator set null. */
export async function deleteUser(deps: AppDeps, actor: SessionUser, id: number) {
  requireAdmin(actor);
  await findUser(deps, id);
  if (id === actor.id) throw badRequest(USERS.cannotDeleteSelf);
  try {
    await deps.db.delete(users).where(eq(users.id, id));
  } catch (err) {
    // Every current reference to a user is cascade or set-null; a later one must not become a 500.
    if (isForeignKeyError(err)) throw conflict(USERS.stillReferenced);
    throw err;
  }
  return { success: true as const, message: USERS.deleted };
}
