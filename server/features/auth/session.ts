import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "@server/platform/db/client";
import { sessions } from "@server/platform/db/schema";
import { SESSION_DAYS } from "@shared/limits";
import { eq } from "drizzle-orm";

// Lucia's session design (lucia-auth.com), written in: the v3 package is deprecated upstream.
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MS = SESSION_DAYS * DAY_MS;

export interface Session {
  id: string;
  userId: number;
  expiresAt: number;
}

/** 160 random bits, base32: what the cookie carries. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: Db,
  token: string,
  userId: number,
  now = Date.now(),
): Promise<Session> {
  const session = { id: sessionIdOf(token), userId, expiresAt: now + SESSION_MS };
  await db.insert(sessions).values(session);
  return session;
}

/** Returns the live session for a token, sliding its expiry once half of it has passed. */
export async function validateSessionToken(db: Db, token: string, now = Date.now()): Promise<Session | null> {
  const id = sessionIdOf(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (!row) return null;
  if (now >= row.expiresAt) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now >= row.expiresAt - SESSION_MS / 2) {
    row.expiresAt = now + SESSION_MS;
    await db.update(sessions).set({ expiresAt: row.expiresAt }).where(eq(sessions.id, id));
  }
  return row;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
