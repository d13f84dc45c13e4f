import { and, count, eq } from "drizzle-orm";
import { API_TOKEN_LAST_USED_EVERY_MS } from "../../shared/limits";
import { API_TOKENS } from "../../shared/messages/api-tokens";
import {
  API_TOKENS_PER_USER,
  type ApiTokenView,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from "../../shared/schemas/api-tokens";
import type { SessionUser } from "../../shared/types";
import { apiTokenHash, apiTokenPrefix, generateApiToken, looksLikeApiToken } from "../auth/api-token";
import type { Session } from "../auth/session";
import { apiTokens } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError, conflict, notFound, unauthorized } from "../errors";
import { findSessionUser } from "./session-user";

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
export function listApiTokens(deps: AppDeps, user: SessionUser): ApiTokenView[] {
  return deps.db
    .select(viewColumns)
    .from(apiTokens)
    .where(eq(apiTokens.userId, user.id))
    .orderBy(apiTokens.createdAt, apiTokens.id)
    .all()
    .reverse();
}

export function createApiToken(deps: AppDeps, user: SessionUser, body: CreateApiTokenBody): CreatedApiToken {
  const held = deps.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, user.id)).get();
  if ((held?.n ?? 0) >= API_TOKENS_PER_USER) throw conflict(API_TOKENS.tooMany);
  const token = generateApiToken();
  const now = deps.now();
  const row = deps.db
    .insert(apiTokens)
    .values({
      userId: user.id,
      name: body.name,
      tokenHash: apiTokenHash(token),
      prefix: apiTokenPrefix(token),
      createdAt: now,
      expiresAt: body.expires_in_days ? now + body.expires_in_days * DAY_MS : null,
    })
    .returning(viewColumns)
    .get();
  return { ...row, token };
}

/** Another user's token answers as a missing one: its id tells a caller nothing. */
export function revokeApiToken(deps: AppDeps, user: SessionUser, id: number) {
  const gone = deps.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id)))
    .returning({ id: apiTokens.id })
    .get();
  if (!gone) throw notFound(API_TOKENS.notFound);
  return { success: true as const, message: API_TOKENS.revoked };
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
export function authenticateApiToken(deps: AppDeps, token: string): TokenSignIn {
  if (!looksLikeApiToken(token)) throw unauthorized(API_TOKENS.invalid);
  const row = deps.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, apiTokenHash(token)))
    .get();
  const now = deps.now();
  if (!row || (row.expiresAt !== null && now >= row.expiresAt)) throw unauthorized(API_TOKENS.invalid);
  const user = findSessionUser(deps.db, row.userId);
  if (!user) throw unauthorized(API_TOKENS.invalid);
  const take = deps.apiTokenLimiter.take(String(row.id));
  if (!take.ok) {
    const retryAfter = Math.max(1, Math.ceil(take.retryAfterMs / 1000));
    throw new AppError("TOO_MANY_REQUESTS", API_TOKENS.rateLimited, { retryAfter });
  }
  if (row.lastUsedAt === null || now - row.lastUsedAt >= API_TOKEN_LAST_USED_EVERY_MS) {
    deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)).run();
  }
  const session = {
    id: `api-token:${row.id}`,
    userId: user.id,
    expiresAt: row.expiresAt ?? Number.MAX_SAFE_INTEGER,
  };
  return { user, session, tokenId: row.id };
}
