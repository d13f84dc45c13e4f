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

export function createSession(db: Db, token: string, userId: number, now = Date.now()): Session {
  const session = { id: sessionIdOf(token), userId, expiresAt: now + SESSION_MS };
  db.insert(sessions).values(session).run();
  return session;
}

/** Returns the live session for a token, sliding its expiry once half of it has passed. */
export function validateSessionToken(db: Db, token: string, now = Date.now()): Session | null {
  const id = sessionIdOf(token);
  const row = db.select().from(sessions).where(eq(sessions.id, id)).get();
  if (!row) return null;
  if (now >= row.expiresAt) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (now >= row.expiresAt - SESSION_MS / 2) {
    row.expiresAt = now + SESSION_MS;
    db.update(sessions).set({ expiresAt: row.expiresAt }).where(eq(sessions.id, id)).run();
  }
  return row;
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Db, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
