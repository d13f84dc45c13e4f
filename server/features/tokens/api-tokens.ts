import type { AppDeps } from "@server/deps";
import type { Session } from "@server/features/auth";
import { findSessionUser } from "@server/features/auth";
import type { Db } from "@server/platform/db/client";
import { forUpdate } from "@server/platform/db/portable";
import { apiTokens, users } from "@server/platform/db/schema";
import { AppError, conflict, notFound, unauthorized } from "@server/platform/errors";
import { API_TOKEN_LAST_USED_EVERY_MS } from "@shared/limits";
import { API_TOKENS } from "@shared/messages/api-tokens";
import {
  API_TOKENS_PER_USER,
  type ApiTokenView,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from "@shared/schemas/api-tokens";
import type { SessionUser } from "@shared/types";
import { and, count, eq, inArray, ne, type SQLWrapper } from "drizzle-orm";
import { apiTokenHash, apiTokenPrefix, generateApiToken, looksLikeApiToken } from "./api-token";

const DAY_MS = 24 * 60 * 60 * 1000;

const viewColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  created_at: apiTokens.createdAt,
  expires_at: apiTokens.expiresAt,
  last_used_at: apiTokens.lastUsedAt,
};

/** The user's own tokens, newest first. Expired ones stay listed until revoked, marked by their date. */
export async function listApiTokens(deps: AppDeps, user: SessionUser): Promise<ApiTokenView[]> {
  const rows = await deps.db
    .select(viewColumns)
    .from(apiTokens)
    .where(eq(apiTokens.userId, user.id))
    .orderBy(apiTokens.createdAt, apiTokens.id);
  return rows.reverse();
}

/**
 * The count and the insert share a transaction, and on PostgreSQL the owner's row is locked first,
 * so two requests at once cannot both take the last free place.
 */
export async function createApiToken(
  deps: AppDeps,
  user: SessionUser,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  const token = generateApiToken();
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)));
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, user.id));
    if ((held?.n ?? 0) >= API_TOKENS_PER_USER) throw conflict(API_TOKENS.tooMany);
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: body.name,
        tokenHash: apiTokenHash(token),
        prefix: apiTokenPrefix(token),
        createdAt: now,
        expiresAt: body.expires_in_days ? now + body.expires_in_days * DAY_MS : null,
      })
      .returning(viewColumns);
    return created!;
  });
  return { ...row, token };
}

/** Another user's token answers as a missing one: its id tells a caller nothing. */
export async function revokeApiToken(deps: AppDeps, user: SessionUser, id: number) {
  const [gone] = await deps.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id)))
    .returning({ id: apiTokens.id });
  if (!gone) throw notFound(API_TOKENS.notFound);
  return { success: true as const, message: API_TOKENS.revoked };
}

/**
 * Deletes every token of the given users (ids, or a query selecting them), inside the caller's
 * transaction. Deleting rather than refusing is what keeps a token dead: the user or organization
 * may be trusted again later, but a secret that was out while they were shut out must not be.
 * `keep` spares the one token an admin acts with on its own account.
 */
export async function revokeTokensOf(
  db: Pick<Db, "delete">,
  owners: number[] | SQLWrapper,
  keep?: number | null,
): Promise<void> {
  await db
    .delete(apiTokens)
    .where(and(inArray(apiTokens.userId, owners), keep == null ? undefined : ne(apiTokens.id, keep)));
}

const SESSION_ID_PREFIX = "api-token:";

/** The token behind a stand-in session made by authenticateApiToken; null for a cookie session. */
export function tokenIdOfSession(sessionId: string): number | null {
  return sessionId.startsWith(SESSION_ID_PREFIX) ? Number(sessionId.slice(SESSION_ID_PREFIX.length)) : null;
}

export interface TokenSignIn {
  user: SessionUser;
  /**
   * Stands in for a session so every procedure sees the same shape. Its id is no session id (those
   * are 64 hex digits), so "end every other session" on a password change ends every cookie session.
   */
  session: Session;
  tokenId: number;
}

/**
 * Resolves a bearer token to its user, with the user's rights as they are now: a deactivated user,
 * or one whose organization is deactivated, is refused at once, as their sessions are.
 */
export async function authenticateApiToken(deps: AppDeps, token: string): Promise<TokenSignIn> {
  if (!looksLikeApiToken(token)) throw unauthorized(API_TOKENS.invalid);
  const [row] = await deps.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, apiTokenHash(token)));
  const now = deps.now();
  if (!row || (row.expiresAt !== null && now >= row.expiresAt)) throw unauthorized(API_TOKENS.invalid);
  const user = await findSessionUser(deps.db, row.userId);
  if (!user) {
    // Its owner is shut out, by whatever path: the token does not come back with them.
    await deps.db.delete(apiTokens).where(eq(apiTokens.id, row.id));
    throw unauthorized(API_TOKENS.invalid);
  }
  const take = deps.apiTokenLimiter.take(String(row.id));
  if (!take.ok) {
    const retryAfter = Math.max(1, Math.ceil(take.retryAfterMs / 1000));
    throw new AppError("TOO_MANY_REQUESTS", API_TOKENS.rateLimited, { retryAfter });
  }
  if (row.lastUsedAt === null || now - row.lastUsedAt >= API_TOKEN_LAST_USED_EVERY_MS) {
    await deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  const session = {
    id: `${SESSION_ID_PREFIX}${row.id}`,
    userId: user.id,
    expiresAt: row.expiresAt ?? Number.MAX_SAFE_INTEGER,
  };
  return { user, session, tokenId: row.id };
}
