import type { AppDeps } from "@server/deps";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { findSessionUser } from "@server/features/auth/session-user";
import { createApiToken } from "@server/features/tokens/api-tokens";

/** A session cookie for the user, made without the password check (argon2 is the slow part). */
export async function sessionCookie(deps: AppDeps, userId: number): Promise<string> {
  const token = generateSessionToken();
  await createSession(deps.db, token, userId, deps.now());
  return `session=${token}`;
}

/** A fresh API token of the user, as the profile's dialog makes it. */
export async function mintToken(
  deps: AppDeps,
  userId: number,
  expiresInDays?: number,
): Promise<{ id: number; token: string }> {
  const user = await findSessionUser(deps.db, userId);
  if (!user) throw new Error(`no active user ${userId}`);
  const { id, token } = await createApiToken(deps, user, { name: "script", expires_in_days: expiresInDays });
  return { id, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A controlled clock for deps.now. */
export function clock(start = Date.UTC(2026, 0, 5, 12)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}
