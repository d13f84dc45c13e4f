import { revokeTokensOf, tokenIdOfSession } from "@server/features/tokens";
import type { Db } from "@server/platform/db/client";
import { organizations, sessions, users } from "@server/platform/db/schema";
import { conflict, notFound } from "@server/platform/errors";
import { AUTH } from "@shared/messages/auth";
import { PROJECTS } from "@shared/messages/projects";
import { and, eq, ne } from "drizzle-orm";

// The checks and the shutting out that user changes share, each run on the caller's transaction.

/** Emails are stored lower-cased, so this equality is case-insensitive. */
export async function requireFreeEmail(db: Pick<Db, "select">, email: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict(AUTH.emailTaken);
}

export async function requireOrganization(db: Pick<Db, "select">, orgId: number | null) {
  if (orgId == null) return;
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw notFound(PROJECTS.organizationNotFound);
}

/**
 * Ends every session and revokes every API token of a user, except optionally the session or token
 * the acting admin signs with, when acting on itself.
 */
export async function endAccess(db: Pick<Db, "delete">, userId: number, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  await revokeTokensOf(db, [userId], keepSessionId ? tokenIdOfSession(keepSessionId) : null);
}
